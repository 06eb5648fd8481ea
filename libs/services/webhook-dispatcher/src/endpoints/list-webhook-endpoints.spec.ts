import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import type { DatabaseProvider } from '@mp/db';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { openTestDatabase } from '../testing/test-database';
import { webhookEndpointRow } from '../testing/webhook-endpoint.factory';
import type { WebhookEndpointRow } from './webhook-endpoint';
import { webhookDispatcherHandlers } from '../webhook-dispatcher.handlers';
import type { WebhookDeps } from '../webhook-dispatcher-deps';

const clock = new SandboxClock();
const accountA = randomUUID();
const accountB = randomUUID();
const subA1 = randomUUID();
const admin: Principal = { kind: 'user', accountId: accountA, userId: randomUUID(), role: 'Admin' };

let provider: DatabaseProvider;
let db: Knex;
let handlers: ReturnType<typeof webhookDispatcherHandlers>;
let seeded: Record<'oldest' | 'scoped' | 'newest' | 'other', WebhookEndpointRow>;

const list = (principal: Principal, accountId: string = accountA) =>
  handlers.listWebhookEndpoints({ accountId }, { method: 'test', principal });

const failure = async (promise: Promise<unknown>): Promise<DomainError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
  // Listing reads the database only.
  handlers = webhookDispatcherHandlers({ db } as WebhookDeps);
  const oldest = webhookEndpointRow({ account_id: accountA, created_at: clock.now(), signing_secret: 'whsec_ciphertext' });
  clock.advance(60);
  const scoped = webhookEndpointRow({
    account_id: accountA,
    subaccount_id: subA1,
    created_at: clock.now(),
    label: 'subaccount one',
    subscribed_events: 'MessageReceived',
  });
  clock.advance(60);
  const newest = webhookEndpointRow({ account_id: accountA, created_at: clock.now(), active: false, consecutive_failures: 50 });
  const other = webhookEndpointRow({ account_id: accountB, created_at: clock.now() });
  seeded = { oldest, scoped, newest, other };
  await db('webhook_endpoints').insert(Object.values(seeded));
});

afterAll(async () => {
  await provider.close();
});

describe('ListWebhookEndpoints', () => {
  it("lists the caller's account's endpoints, newest first", async () => {
    const { items } = await list(admin);
    expect(items.map((e: { webhookId: string }) => e.webhookId)).toEqual([seeded.newest.id, seeded.scoped.id, seeded.oldest.id]);
  });

  it('shows the public fields and never the secret', async () => {
    const { items } = await list(admin);
    expect(items[1]).toEqual({
      webhookId: seeded.scoped.id,
      accountId: accountA,
      subaccountId: subA1,
      url: 'https://hooks.example.com/messages',
      label: 'subaccount one',
      subscribedEvents: 'MessageReceived',
      active: true,
      createdAt: (seeded.scoped.created_at as Date).toISOString(),
      updatedAt: (seeded.scoped.created_at as Date).toISOString(),
      consecutiveFailures: 0,
    });
    expect(items[0].active).toBe(false);
    expect(items[2].subaccountId).toBeUndefined();
    expect(JSON.stringify(items)).not.toContain('ciphertext');
  });

  it("uses the caller's account when the route names none", async () => {
    const { items } = await list(admin, '');
    expect(items).toHaveLength(3);
  });

  it('answers an empty list for an account without endpoints', async () => {
    const fresh = randomUUID();
    expect(await list({ ...admin, accountId: fresh }, fresh)).toEqual({ items: [] });
  });

  it("answers NOT_FOUND for another account's endpoints", async () => {
    expect((await failure(list(admin, accountB))).code).toBe('NOT_FOUND');
  });

  it("shows a caller limited to a subaccount only that subaccount's endpoints", async () => {
    const key: Principal = { kind: 'api_key', accountId: accountA, apiKeyId: randomUUID(), subaccountId: subA1, rights: ['ManageWebhooks'] };
    const { items } = await list(key);
    expect(items.map((e: { webhookId: string }) => e.webhookId)).toEqual([seeded.scoped.id]);
  });

  it('needs the ManageWebhooks right on an API key', async () => {
    const key: Principal = { kind: 'api_key', accountId: accountA, apiKeyId: randomUUID(), rights: ['SendMessages', 'ReadMessages'] };
    expect((await failure(list(key))).code).toBe('FORBIDDEN');
    expect((await list({ ...key, rights: ['ManageWebhooks'] })).items).toHaveLength(3);
  });
});
