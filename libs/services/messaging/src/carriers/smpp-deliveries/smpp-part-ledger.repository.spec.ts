import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../../testing/service-harness';
import { smppConnection } from '../smpp/testing/smpp-connection';
import type { SubmittedPart } from '../smpp/smpp-ports';
import { createSmppPartLedger } from './smpp-part-ledger.repository';

// Dispatch submits a whole window at once: the ledger answers each submission on its own, in one statement per turn.
describe('SMPP part ledger, submissions of one turn together', () => {
  let database: TestDatabase;
  let h: Harness;
  const connection = smppConnection(2775, { name: 'smsc-ledger', idFormat: 'hex-to-dec' });
  const statements: string[] = [];
  const count = (query: { sql: string }) => statements.push(query.sql);
  beforeAll(async () => {
    database = await openTestDatabase();
    h = await startHarness(database);
    h.db.on('query', count);
  });
  afterAll(async () => {
    h.db.off('query', count);
    await h.close();
    await database.close();
  });
  const partsOf = (reference: string, ids: string[]): SubmittedPart[] =>
    ids.map((smscMessageId, partIndex) => ({ connection: connection.name, smscMessageId, reference, partIndex, partCount: ids.length }));
  const ledgerStatements = () => statements.filter((sql) => sql.includes('smpp_parts'));

  it('records 30 submissions in one insert and looks them up in one select, each answered with its own first part', async () => {
    const ledger = createSmppPartLedger({ db: h.db, clock: h.clock, connections: [connection] });
    const references = Array.from({ length: 30 }, (_, i) => `m-${i}:1`);
    statements.length = 0;
    await Promise.all(references.map((reference, i) => ledger.recordParts(partsOf(reference, [(0xa00 + 2 * i).toString(16), (0xa01 + 2 * i).toString(16)]))));
    expect(ledgerStatements()).toHaveLength(1);
    expect(await h.db('smpp_parts').where({ connection: connection.name }).select('reference')).toHaveLength(60);

    // A message of which only part 1 of 2 is in the ledger was not accepted whole; an unknown one not at all.
    await ledger.recordParts([{ connection: connection.name, smscMessageId: 'ff00', reference: 'half:1', partIndex: 0, partCount: 2 }]);
    statements.length = 0;
    const answers = await Promise.all([...references, 'half:1', 'unknown:1'].map((reference) => ledger.acceptedBefore(connection.name, reference)));
    expect(ledgerStatements()).toHaveLength(1);
    // The ids as the idFormat keys them (hex-to-dec): each submission's own part 1.
    expect(answers).toEqual([...references.map((_, i) => String(0xa00 + 2 * i)), undefined, undefined]);
  });

  it('takes an SMSC id two submissions of one turn share as the later one (one statement cannot upsert a key twice)', async () => {
    const ledger = createSmppPartLedger({ db: h.db, clock: h.clock, connections: [connection] });
    await Promise.all([ledger.recordParts(partsOf('first:1', ['beef'])), ledger.recordParts(partsOf('second:1', ['beef']))]);
    const rows = await h.db('smpp_parts').where({ connection: connection.name, smsc_message_id: String(0xbeef) });
    expect(rows.map((r) => r.reference)).toEqual(['second:1']);
    expect(await ledger.acceptedBefore(connection.name, 'first:1')).toBeUndefined();
    expect(await ledger.acceptedBefore(connection.name, 'second:1')).toBe(String(0xbeef));
  });
});
