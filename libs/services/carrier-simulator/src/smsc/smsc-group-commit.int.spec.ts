import { CommandStatus } from '@mp/smpp';
import type { Knex } from 'knex';
import { submitFields, startSandboxSmsc, type SandboxSmscHarness } from './testing/sandbox-smsc.harness';
import { waitUntil } from './testing/wait-until';

// The SMSC's database work per message: submit_sm that arrive together are filed in one statement, each answered
// only once its row is stored; a pass's receipts are marked in one statement. PostgreSQL when DATABASE_URL is set.

const databaseUrl = process.env['DATABASE_URL'];
const FROM = '+15550009000';
let h: SandboxSmscHarness;
let n = 0;
const to = () => `+1555900${String(++n).padStart(4, '0')}`;

/** The statements `db` sends from now on, with what became of each; stop() stops listening. */
function watchStatements(db: Knex) {
  const log: Array<{ event: 'sent' | 'stored' | 'failed'; sql: string; bindings: unknown[] }> = [];
  const listener = (event: 'sent' | 'stored' | 'failed') => (query: { sql: string; bindings?: unknown[] }) =>
    void log.push({ event, sql: query.sql, bindings: query.bindings ?? [] });
  const sent = listener('sent');
  const failed = (_error: unknown, query: { sql: string; bindings?: unknown[] }) => listener('failed')(query);
  const stored = (_response: unknown, query: { sql: string; bindings?: unknown[] }) => listener('stored')(query);
  db.on('query', sent).on('query-error', failed).on('query-response', stored);
  return {
    log,
    stop: () => void db.off('query', sent).off('query-error', failed).off('query-response', stored),
  };
}
const filesParts = (sql: string) => /insert into "carrier_submissions"/.test(sql);
const updatesReceipts = (sql: string) => /^update "?smsc_receipts"?/.test(sql);

beforeAll(async () => {
  h = await startSandboxSmsc({ databaseUrl });
});
afterAll(() => h.close());
// Each test counts its own receipts.
afterEach(() => h.db('smsc_receipts').whereNull('sent_at').update({ sent_at: h.clock.now() }));

describe(`sandbox SMSC group commit on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite (DATABASE_URL unset)'}`, () => {
  it('files 30 concurrent submit_sm from 3 binds with distinct ids, all stored, in fewer statements than parts', async () => {
    const esmes = await Promise.all([h.bind(), h.bind(), h.bind()]);
    const watch = watchStatements(h.db);
    const results = await Promise.all(
      esmes.flatMap(({ session }, s) =>
        Array.from({ length: 10 }, (_, i) => session.submit(submitFields(FROM, to(), { registeredDelivery: i % 2, shortMessage: Buffer.from(`bind ${s} part ${i}`) }))),
      ),
    );
    watch.stop();
    const ids = results.map((r) => r.messageId);
    expect(results.map((r) => r.commandStatus)).toEqual(Array(30).fill(CommandStatus.ESME_ROK));
    expect(new Set(ids).size).toBe(30);
    const filed = await h.db('carrier_submissions').whereIn('carrier_message_id', ids).select('carrier_message_id', 'body');
    expect(filed).toHaveLength(30);
    expect(Number((await h.db('smsc_receipts').whereIn('carrier_message_id', ids).count<Array<{ count: string | number }>>('* as count'))[0].count)).toBe(15);
    const filings = watch.log.filter((q) => q.event === 'sent' && filesParts(q.sql));
    expect(filings.length).toBeGreaterThan(0);
    expect(filings.length).toBeLessThan(30);
    for (const { session } of esmes) await session.unbind();
  });

  it('answers each submit_sm only after the statement that stores its row has returned', async () => {
    const esme = await h.bind();
    const events: string[] = [];
    const stored = (_response: unknown, query: { sql: string; bindings?: unknown[] }) => {
      if (filesParts(query.sql)) for (const b of query.bindings ?? []) if (typeof b === 'string' && /^\d{18}$/.test(b)) events.push(`stored:${b}`);
    };
    h.db.on('query-response', stored);
    // The answer the connection writes as submit_sm_resp, seen as the SMSC hands it over.
    const submit = h.smsc.submit.bind(h.smsc);
    h.smsc.submit = async (...args) => {
      const answer = await submit(...args);
      if (answer.kind === 'answer') events.push(`resp:${answer.messageId}`);
      return answer;
    };
    try {
      const results = await Promise.all(Array.from({ length: 10 }, () => esme.session.submit(submitFields(FROM, to()))));
      for (const { messageId } of results) {
        const storedAt = events.indexOf(`stored:${messageId}`);
        expect(storedAt).toBeGreaterThanOrEqual(0);
        expect(storedAt).toBeLessThan(events.indexOf(`resp:${messageId}`));
      }
    } finally {
      h.db.off('query-response', stored);
      h.smsc.submit = submit;
    }
    await esme.session.unbind();
  });

  it("a failed filing answers ESME_RSYSERR to its own group's parts only; earlier and later groups are filed and answered ESME_ROK", async () => {
    const poisoned = to();
    await h.db.raw(`create or replace function smsc_spec_refuse() returns trigger language plpgsql as $$
      begin if new.to_address = '${poisoned}' then raise exception 'poisoned part'; end if; return new; end $$`);
    await h.db.raw('create trigger smsc_spec_refuse before insert on carrier_submissions for each row execute function smsc_spec_refuse()');
    try {
      const esme = await h.bind({ window: 20 });
      const watch = watchStatements(h.db);
      const submit = (dest: string) => esme.session.submit(submitFields(FROM, dest)).then((r) => ({ dest, ...r }));
      const earlier = Array.from({ length: 5 }, () => submit(to()));
      // The second wave goes once the first group's statement is on its way: a group of its own.
      await waitUntil(() => watch.log.some((q) => q.event === 'sent' && filesParts(q.sql)));
      const wave = [submit(poisoned), ...Array.from({ length: 4 }, () => submit(to()))];
      const results = [...(await Promise.all([...earlier, ...wave]))];
      const later = await submit(to());
      watch.stop();

      const failedDestinations = new Set(watch.log.filter((q) => q.event === 'failed' && filesParts(q.sql)).flatMap((q) => q.bindings.filter((b) => typeof b === 'string')));
      expect(failedDestinations.has(poisoned)).toBe(true);
      for (const r of results) {
        const rows = await h.db('carrier_submissions').where({ to_address: r.dest }).count<Array<{ count: string | number }>>('* as count');
        if (failedDestinations.has(r.dest)) {
          expect(r).toMatchObject({ commandStatus: CommandStatus.ESME_RSYSERR, messageId: '' });
          expect(Number(rows[0].count)).toBe(0);
        } else {
          expect(r.commandStatus).toBe(CommandStatus.ESME_ROK);
          expect(Number(rows[0].count)).toBe(1);
        }
      }
      // The first wave's group was written before the poisoned part arrived: all of it stored.
      for (const r of await Promise.all(earlier)) expect(r.commandStatus).toBe(CommandStatus.ESME_ROK);
      expect(later.commandStatus).toBe(CommandStatus.ESME_ROK);
      expect(results.filter((r) => r.commandStatus === CommandStatus.ESME_RSYSERR).length).toBeLessThan(results.length);
      await esme.session.unbind();
    } finally {
      await h.db.raw('drop trigger smsc_spec_refuse on carrier_submissions');
    }
  });

  it("marks a pass's delivered receipts sent in one statement and its unanswered ones in one more; each sent once", async () => {
    const refusing = new Set<string>();
    const refusedOnce = new Set<string>();
    const esme = await h.bind({
      answer: (pdu) => {
        const id = pdu.tlvs?.receiptedMessageId ?? '';
        // Three of the twelve receipts are refused the first time.
        if (refusing.has(id) && !refusedOnce.has(id)) {
          refusedOnce.add(id);
          return CommandStatus.ESME_RX_T_APPN;
        }
      },
    });
    const ids = (await Promise.all(Array.from({ length: 12 }, () => esme.session.submit(submitFields(FROM, to()))))).map((r) => r.messageId);
    ids.slice(0, 3).forEach((id) => refusing.add(id));

    let watch = watchStatements(h.db);
    expect(await h.advance(1)).toBe(12);
    watch.stop();
    const row = (id: string) => h.db('smsc_receipts').where({ carrier_message_id: id }).first();
    expect(watch.log.filter((q) => q.event === 'sent' && updatesReceipts(q.sql))).toHaveLength(2);
    for (const id of ids.slice(3)) expect(await row(id)).toMatchObject({ attempts: 1, last_error: null, sent_at: expect.any(Date) });
    for (const id of ids.slice(0, 3)) expect(await row(id)).toMatchObject({ attempts: 1, sent_at: null, last_error: 'deliver_sm answered ESME_RX_T_APPN' });

    watch = watchStatements(h.db);
    expect(await h.advance(1.1)).toBe(3); // the first retry waits 1 s
    watch.stop();
    expect(watch.log.filter((q) => q.event === 'sent' && updatesReceipts(q.sql))).toHaveLength(1);
    for (const id of ids.slice(0, 3)) expect(await row(id)).toMatchObject({ attempts: 2, last_error: null, sent_at: expect.any(Date) });

    expect(await h.advance(600)).toBe(0);
    const times = (id: string) => esme.delivered.filter((d) => d.tlvs?.receiptedMessageId === id).length;
    expect(ids.map(times)).toEqual([2, 2, 2, ...Array(9).fill(1)]);
    await esme.session.unbind();
  });
});
