import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import type { messagingV1 } from '@mp/contracts';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { enqueueEvent } from '@mp/events';
import type { OutboxWriter } from '@mp/service-host';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { messagingMigrations } from '../migrations';
import { QuotaLedger } from '../quota/quota-ledger';
import { DEFAULT_PRICE_TABLE } from '../rules';
import { AcceptanceWriter } from '../submission/acceptance-writer';
import { sendMessage, type SendMessageDeps } from '../submission/send-message.usecase';
import { FakeClients } from '../testing/fake-clients';

// PostgreSQL when DATABASE_URL is set (CI), embedded PGlite otherwise: one
// message per key has to hold where transactions really run side by side.
const databaseUrl = process.env['DATABASE_URL'];
const schema = `idempotency_test_${randomUUID().slice(0, 8)}`;

describe(`Idempotency-Key races on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  let provider: DatabaseProvider;
  let db: Knex;
  let deps: SendMessageDeps;

  beforeAll(async () => {
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
    db = provider.forSchema(schema);
    await migrateLatest(db, schema, messagingMigrations);
    const clock = new SandboxClock();
    const outbox: OutboxWriter = { enqueue: (trx, event) => enqueueEvent(trx, event, clock.now()) };
    const quota = new QuotaLedger();
    deps = {
      db,
      outbox,
      clock,
      clients: new FakeClients(),
      priceTable: DEFAULT_PRICE_TABLE,
      quota,
      acceptances: new AcceptanceWriter(db, outbox, quota),
      onQueued: () => undefined,
    };
  });
  afterAll(async () => {
    if (databaseUrl) await db.raw(`drop schema if exists "${schema}" cascade`);
    await provider.close();
  });

  const account = () => {
    const accountId = randomUUID();
    const principal: Principal = { kind: 'api_key', accountId, apiKeyId: 'k', rights: ['SendMessages'] };
    const send = (key: string, body = 'Your code is 1234') =>
      sendMessage(deps, principal, {
        accountId,
        subaccountRoute: false,
        templateParameters: {},
        destination: '+14155550123',
        body,
        idempotencyKey: key,
      } satisfies messagingV1.SendMessageRequest);
    const count = async (table: 'messages' | 'message_idempotency_keys') =>
      Number((await db(table).where({ account_id: accountId }).count({ n: '*' }))[0].n);
    return { accountId, send, count };
  };

  it('20 identical sends racing with one key store one message and all answer its messageId', async () => {
    const { accountId, send, count } = account();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('race-1')));
    expect(new Set(answers.map((m) => m.messageId)).size).toBe(1);
    expect(await count('messages')).toBe(1);
    expect(await count('message_idempotency_keys')).toBe(1);
    const events = await db('outbox').where({ type: 'MessageAccepted', key: answers[0].messageId }).count({ n: '*' });
    expect(Number(events[0].n)).toBe(1);
    const used = await db('quota_usage').where({ scope: `account:${accountId}`, period: 'day' }).first('used');
    expect(Number(used.used)).toBe(1);
  });

  it('racing sends with one key and two bodies: one message; its twins replay it, the others are CONFLICT', async () => {
    const { send, count } = account();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => send('race-2', i % 2 === 0 ? 'first text' : 'second text')),
    );
    expect(await count('messages')).toBe(1);
    const answered = outcomes.filter((o): o is PromiseFulfilledResult<messagingV1.Message> => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(answered).toHaveLength(10);
    expect(new Set(answered.map((o) => o.value.messageId)).size).toBe(1);
    expect(refused.map((o) => (o.reason as DomainError).code)).toEqual(Array(10).fill('CONFLICT'));
  });
});
