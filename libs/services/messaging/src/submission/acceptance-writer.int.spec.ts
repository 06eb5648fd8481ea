import { randomUUID } from 'node:crypto';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { enqueueEvent, outboxInsertOf } from '@mp/events';
import { DomainError } from '@mp/problems';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { lifecycleEvent } from '../messages/lifecycle-event';
import { messagingMigrations } from '../migrations';
import { QuotaLedger, quotaScope, type QuotaLimits } from '../quota/quota-ledger';
import { queuedMessageRow } from '../testing/message-rows';
import { AcceptanceWriter, type Acceptance } from './acceptance-writer';

// PostgreSQL when DATABASE_URL is set (CI), embedded PGlite otherwise: sends
// written together must answer, count and store as they would alone.
const databaseUrl = process.env['DATABASE_URL'];
const schema = `acceptance_test_${randomUUID().slice(0, 8)}`;
const now = new Date('2026-11-26T10:00:00Z');

// The service host's writer takes the events into the messages' own statement; a writer that
// cannot gets them in a statement of their own. Both must store and answer alike.
const outboxWriters: Array<[string, OutboxWriter]> = [
  ['with its events in the same statement', { enqueue: (trx, event) => enqueueEvent(trx, event, now), enqueueWithin: (_trx, events, write) => write(outboxInsertOf(events, now).statement) }],
  ['with its events in a statement of their own', { enqueue: (trx, event) => enqueueEvent(trx, event, now) }],
];

describe.each(outboxWriters)(`AcceptanceWriter on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, %s`, (_name, outbox) => {
  let provider: DatabaseProvider;
  let db: Knex;
  let writer: AcceptanceWriter;
  let transactions = 0;
  let statements: string[] = [];

  beforeAll(async () => {
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
    db = provider.forSchema(schema);
    await migrateLatest(db, schema, messagingMigrations);
    writer = new AcceptanceWriter(db, outbox, new QuotaLedger());
    db.on('query', (query: { sql: string }) => {
      statements.push(query.sql);
      if (/^begin/i.test(query.sql)) transactions++;
    });
  });
  afterAll(async () => {
    if (databaseUrl) await db.raw(`drop schema if exists "${schema}" cascade`);
    await provider.close();
  });

  const acceptance = (accountId: string, limits: QuotaLimits = { day: null, month: null }, id: string = randomUUID()): Acceptance => {
    const row = queuedMessageRow(now, { id, account_id: accountId, client_reference: 'writer-test' });
    return {
      row,
      audit: { message_id: row.id, at: now, event: 'accepted', from_status: null, to_status: 'queued', detail: null },
      event: lifecycleEvent('MessageAccepted', row, undefined, 'accepted', { now }),
      scope: quotaScope(accountId, null),
      limits,
      now,
    };
  };
  const stored = async (accountId: string) => ({
    messages: Number((await db('messages').where({ account_id: accountId }).count({ n: '*' }))[0].n),
    audits: Number((await db('message_audit').join('messages', 'messages.id', 'message_audit.message_id').where({ account_id: accountId }).count({ n: '*' }))[0].n),
  });
  const quotaUsed = async (accountId: string) =>
    (await db('quota_usage').where({ scope: quotaScope(accountId, null) }).orderBy('period')).map((r: { period: string; used: string | number }) => [r.period, Number(r.used)]);
  const eventKeys = async (ids: string[]) => new Set((await db('outbox').whereIn('key', ids).select('key')).map((e: { key: string }) => e.key));

  it('stores a lone send, its audit entry and its event with the quota in one statement (one transaction without it)', async () => {
    const accountId = randomUUID();
    const send = acceptance(accountId, { day: 5, month: 5 });
    statements = [];
    const answer = await writer.write(send);
    const written = [...statements];

    expect(answer?.message).toMatchObject({ id: send.row.id, account_id: accountId, status: 'queued' });
    expect(answer?.audit).toMatchObject({ message_id: send.row.id, event: 'accepted', to_status: 'queued' });
    expect(answer?.audit.id).toEqual((await db('message_audit').where({ message_id: send.row.id }).first('id')).id);
    expect(await stored(accountId)).toEqual({ messages: 1, audits: 1 });
    expect([...(await eventKeys([send.row.id]))]).toEqual([send.row.id]);
    // All in one statement that commits alone when the writer takes the events into it; else BEGIN, the inserts, the events, the quota, COMMIT.
    expect(written).toHaveLength(outbox.enqueueWithin ? 1 : 5);
    expect(await quotaUsed(accountId)).toEqual([
      ['day', 1],
      ['month', 1],
    ]);
  });

  it('refuses a lone send beyond its quota with QUOTA_EXCEEDED, storing and counting nothing of it', async () => {
    const accountId = randomUUID();
    const limits = { day: 1, month: 1000 };
    await writer.write(acceptance(accountId, limits));
    const refused = acceptance(accountId, limits);
    await expect(writer.write(refused)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED', extensions: { dailyRemaining: 0, monthlyRemaining: 999 } });
    expect(await stored(accountId)).toEqual({ messages: 1, audits: 1 });
    expect((await eventKeys([refused.row.id])).size).toBe(0);
    expect(await quotaUsed(accountId)).toEqual([
      ['day', 1],
      ['month', 1],
    ]);
  });

  it('writes sends that arrive together in fewer writes, each answered with its own rows', async () => {
    const accountId = randomUUID();
    const before = transactions;
    statements = [];
    const sends = Array.from({ length: 40 }, () => acceptance(accountId));
    const answers = await Promise.all(sends.map((a) => writer.write(a)));
    const writes = statements.filter((sql) => /insert into "messages"/.test(sql)).length;

    expect(answers.map((a) => a?.message.id)).toEqual(sends.map((a) => a.row.id));
    expect(answers.every((a) => a?.audit.message_id === a?.message.id && a?.audit.to_status === 'queued')).toBe(true);
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThan(sends.length / 4);
    // Without a transaction when the events go into the write's own statement.
    expect(transactions - before).toBe(outbox.enqueueWithin ? 0 : writes);
    const counts = await stored(accountId);
    expect(counts.messages).toBe(40);
    expect(counts.audits).toBe(40);
    expect((await eventKeys(sends.map((a) => a.row.id))).size).toBe(40);
  });

  it('accepts exactly the remaining sends when 100 race for 10, storing nothing of the others', async () => {
    const accountId = randomUUID();
    const limits = { day: 10, month: 1000 };
    const sends = Array.from({ length: 100 }, () => acceptance(accountId, limits));
    const results = await Promise.allSettled(sends.map((a) => writer.write(a)));

    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(refused.every((r) => r.reason instanceof DomainError && r.reason.code === 'QUOTA_EXCEEDED')).toBe(true);
    const counts = await stored(accountId);
    expect(counts.messages).toBe(10);
    expect(counts.audits).toBe(10);
    expect((await eventKeys(sends.map((a) => a.row.id))).size).toBe(10);
    expect(await quotaUsed(accountId)).toEqual([
      ['day', 10],
      ['month', 10],
    ]);
  });

  it('refuses only the send that cannot be stored when it shares a write with others', async () => {
    const accountId = randomUUID();
    const taken = randomUUID();
    await writer.write(acceptance(accountId, undefined, taken));
    const sends = [acceptance(accountId), acceptance(accountId, undefined, taken), acceptance(accountId)];
    const results = await Promise.allSettled(sends.map((a) => writer.write(a)));

    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored(accountId)).messages).toBe(3);
  });
});
