import type { Knex } from 'knex';

/**
 * Thrown inside an import's transaction when a row it found missing was
 * stored by a concurrent call before its own insert: the transaction rolls
 * back (ledger entries included) and the import runs again, now finding that
 * row already there.
 */
export class StoredMeanwhile extends Error {
  constructor() {
    super('an imported row was stored meanwhile by another call');
  }
}

const ATTEMPTS = 3;

/** Runs `work` in a transaction, again (up to 3 times in all) when it throws StoredMeanwhile. */
export async function inImportTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!(error instanceof StoredMeanwhile) || attempt >= ATTEMPTS) throw error;
    }
  }
}
