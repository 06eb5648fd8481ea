import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/unique-violation';

const ATTEMPTS = 3;

/**
 * Runs an import's work in a transaction, again (up to 3 times in all) when
 * it fails on `uniqueConstraint`: a row the import found missing was stored
 * by a concurrent call before its own insert. The failed run rolled back,
 * ledger entries included, and the next finds that row already there. Plain
 * inserts with this retry, rather than ON CONFLICT DO NOTHING, because the
 * speculative insertion of every row costs a third of an import's time.
 */
export async function inImportTransaction<T>(db: Knex, uniqueConstraint: string, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isUniqueViolation(error, uniqueConstraint) || attempt >= ATTEMPTS) throw error;
    }
  }
}
