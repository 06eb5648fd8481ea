import type { Knex } from 'knex';
import { inImportTransaction } from './import-transaction';

/** A database whose transactions just run the work, counting them. */
function countingDb() {
  const db = { transactions: 0, transaction: (work: (trx: unknown) => Promise<unknown>) => (db.transactions++, work({})) };
  return db;
}
/** What pg throws when an insert meets a row a concurrent transaction committed first. */
const violation = (constraint: string) => Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), { code: '23505', constraint });

describe('inImportTransaction', () => {
  it('runs the import again when its insert met a row stored meanwhile, and answers the run that went through', async () => {
    const db = countingDb();
    let runs = 0;
    const answer = await inImportTransaction(db as unknown as Knex, 'opt_outs_unique', async () => {
      runs += 1;
      if (runs === 1) throw violation('opt_outs_unique');
      return 'done';
    });
    expect({ answer, runs, transactions: db.transactions }).toEqual({ answer: 'done', runs: 2, transactions: 2 });
  });

  it('gives up after three runs, and never runs again for any other error', async () => {
    const db = countingDb();
    await expect(inImportTransaction(db as unknown as Knex, 'opt_outs_unique', () => Promise.reject(violation('opt_outs_unique')))).rejects.toMatchObject({ code: '23505' });
    expect(db.transactions).toBe(3);
    for (const error of [violation('opt_outs_pkey'), new Error('disk full')]) {
      const other = countingDb();
      await expect(inImportTransaction(other as unknown as Knex, 'opt_outs_unique', () => Promise.reject(error))).rejects.toBe(error);
      expect(other.transactions).toBe(1);
    }
  });
});
