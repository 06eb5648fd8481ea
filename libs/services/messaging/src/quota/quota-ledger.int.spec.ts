import { randomUUID } from 'node:crypto';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { createQuotaUsageMigration } from '../migrations/20251201000003_create_quota_usage';
import { QuotaLedger } from './quota-ledger';

// PostgreSQL when DATABASE_URL is set (CI), embedded PGlite otherwise: the
// atomicity claim has to hold on both.
const databaseUrl = process.env['DATABASE_URL'];
const schema = `quota_test_${randomUUID().slice(0, 8)}`;

describe(`QuotaLedger on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  let provider: DatabaseProvider;
  let db: Knex;
  const ledger = new QuotaLedger();
  const now = new Date('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
    db = provider.forSchema(schema);
    await migrateLatest(db, schema, [createQuotaUsageMigration]);
  });
  afterAll(async () => {
    if (databaseUrl) await db.raw(`drop schema if exists "${schema}" cascade`);
    await provider.close();
  });

  /** One send: the counter and a row standing for the message, committed together or not at all. */
  const send = (scope: string, limits: { day: number | null; month: number | null }) =>
    db.transaction(async (trx) => {
      await ledger.consume(trx, scope, limits, now);
      return 'accepted' as const;
    });

  it('accepts exactly the remaining sends when 100 race for 10 (daily limit)', async () => {
    const scope = `subaccount:${randomUUID()}`;
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => send(scope, { day: 10, month: 1000 })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason as DomainError);
    expect(refusals).toHaveLength(90);
    for (const error of refusals) {
      expect(error.code).toBe('QUOTA_EXCEEDED');
      expect(error.extensions).toMatchObject({ dailyRemaining: 0, monthlyRemaining: 990, retryAfterSeconds: 14 * 3600 });
    }
    // Refused sends gave their monthly count back.
    const usage = await ledger.usage(db, scope, { day: 10, month: 1000 }, now);
    expect(usage.day).toMatchObject({ used: 10, remaining: 0 });
    expect(usage.month).toMatchObject({ used: 10, remaining: 990 });
  });

  it('applies the monthly limit too, waiting for the month to end', async () => {
    const scope = `account:${randomUUID()}`;
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => send(scope, { day: null, month: 5 })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!.reason as DomainError;
    expect(refused.extensions).toMatchObject({ dailyRemaining: null, monthlyRemaining: 0, retryAfterSeconds: (8 * 24 + 14) * 3600 });
  });

  it('counts unlimited scopes and starts a new window the next day', async () => {
    const scope = `account:${randomUUID()}`;
    for (let i = 0; i < 3; i += 1) await send(scope, { day: null, month: null });
    expect((await ledger.usage(db, scope, { day: null, month: null }, now)).day).toMatchObject({ used: 3, remaining: null });
    const tomorrow = new Date('2026-11-23T00:00:01Z');
    const next = await ledger.usage(db, scope, { day: 2, month: null }, tomorrow);
    expect(next.day).toMatchObject({ used: 0, remaining: 2, resetsAt: new Date('2026-11-24T00:00:00Z') });
    expect(next.month.used).toBe(3);
  });

  it('refuses everything under a zero limit without counting', async () => {
    const scope = `subaccount:${randomUUID()}`;
    await expect(send(scope, { day: 0, month: null })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect((await ledger.usage(db, scope, { day: 0, month: null }, now)).month.used).toBe(0);
  });

  it('counts several sends at once only when every window has room for all of them', async () => {
    const scope = `account:${randomUUID()}`;
    const limits = { day: 5, month: 100 };
    const many = (count: number) => db.transaction((trx) => ledger.consume(trx, scope, limits, now, count));
    // A fresh window smaller than the batch is never started.
    await expect(many(6)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED', extensions: { dailyRemaining: 5, monthlyRemaining: 100 } });
    await many(3);
    await expect(many(3)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED', extensions: { dailyRemaining: 2, monthlyRemaining: 97 } });
    await many(2);
    const usage = await ledger.usage(db, scope, limits, now);
    expect(usage.day).toMatchObject({ used: 5, remaining: 0 });
    expect(usage.month).toMatchObject({ used: 5, remaining: 95 });
  });
});
