import type { Knex } from 'knex';
import { inImportTransaction, StoredMeanwhile } from './import-transaction';

/** A database whose transactions just run the work, counting them. */
function countingDb() {
  const db = { transactions: 0, transaction: (work: (trx: unknown) => Promise<unknown>) => (db.transactions++, work({})) };
  return db;
}

describe('inImportTransaction', () => {
  it('runs the import again when a row was stored meanwhile, and answers the run that went through', async () => {
    const db = countingDb();
    let runs = 0;
    const answer = await inImportTransaction(db as unknown as Knex, async () => {
      runs += 1;
      if (runs === 1) throw new StoredMeanwhile();
      return 'done';
    });
    expect({ answer, runs, transactions: db.transactions }).toEqual({ answer: 'done', runs: 2, transactions: 2 });
  });

  it('gives up after three runs, and never runs again for any other error', async () => {
    const db = countingDb();
    await expect(inImportTransaction(db as unknown as Knex, () => Promise.reject(new StoredMeanwhile()))).rejects.toBeInstanceOf(StoredMeanwhile);
    expect(db.transactions).toBe(3);
    const other = countingDb();
    await expect(inImportTransaction(other as unknown as Knex, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(other.transactions).toBe(1);
  });
});
