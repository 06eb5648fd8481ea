import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { identityEvents, routingV1, TOPICS } from '@mp/contracts';
import { createDatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport, type EventEnvelope } from '@mp/events';
import { createClient, type AsyncClient, type Principal } from '@mp/grpc';
import { createServiceClients, ServiceHost, testCallKeys, type ServiceClients } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { routingService } from '../routing.module';
import { FakeRoutingClients } from './fake-routing-clients';

export const ROUTING_TEST_CONFIG = { SANDBOX_NUMBER_PREFIX: '+1555', SANDBOX_EMAIL_DOMAIN: 'sandbox.messaging.local' };

/** An AccountActivated envelope as identity publishes it; `key` defaults to the account. */
export function accountActivated(accountId: string, overrides: Partial<EventEnvelope> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'AccountActivated',
    version: 1,
    topic: TOPICS.identity,
    key: accountId,
    occurredAt: new Date().toISOString(),
    payload: identityEvents.AccountActivated.toJSON({ accountId }),
    ...overrides,
  };
}

/**
 * The module run by a real ServiceHost (migrations, consumer, gRPC) on
 * in-memory PGlite and the embedded event log; the services routing calls
 * (identity, consent) are fakes the test steers (`fakes`).
 */
export async function startRoutingHarness(options: { sandbox?: boolean } = {}) {
  const databases = createDatabaseProvider({ dataDir: ':memory:' });
  const transport = createEmbeddedLogTransport({ db: databases });
  const { keys, gateway } = await testCallKeys();
  const fakes = new FakeRoutingClients();
  const real = createServiceClients({}, { signer: gateway });
  // The host hands the module `clients.as('routing')`: the fakes.
  const clients = { as: () => fakes, close: () => real.close() } as unknown as ServiceClients;
  await transport.ensureTopics([TOPICS.identity]);
  const host = new ServiceHost(routingService, ROUTING_TEST_CONFIG, {
    databases,
    transport,
    clock: new SandboxClock(),
    logger: createLogger('silent'),
    clients,
    callKeys: keys,
    sandbox: options.sandbox ?? true,
  });
  await host.start({ host: '127.0.0.1', port: 0 });
  const address = `127.0.0.1:${host.port}`;
  const client: AsyncClient<typeof routingV1.RoutingServiceService> = createClient(routingV1.RoutingServiceService, address, { signer: gateway, audience: 'routing' });
  /** Messaging's dispatch job: calls as the messaging service. */
  const messaging: AsyncClient<typeof routingV1.RoutingServiceService> = createClient(routingV1.RoutingServiceService, address, {
    signer: gateway.as('messaging'),
    audience: 'routing',
  });
  const db: Knex = databases.forSchema('routing');
  return {
    db,
    client,
    messaging,
    fakes,
    publish: (...events: EventEnvelope[]) => transport.publish(events),
    /** Polls until `accountId` has at least `count` numbers. */
    async waitForNumbers(accountId: string, count = 2, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await db('numbers').where({ account_id: accountId });
        if (rows.length >= count) return rows;
        if (Date.now() > deadline) throw new Error(`account ${accountId} has ${rows.length} numbers, expected ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Polls until the routing consumer has recorded `eventId` as processed (a sentinel instead of a wall-clock wait). */
    async waitForProcessed(eventId: string, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while ((await db('processed_events').where({ event_id: eventId })).length === 0) {
        if (Date.now() > deadline) throw new Error(`event ${eventId} was not processed`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Activates `accountId` and waits for its sandbox senders: its phone number (Sms, WhatsApp) and email sender address. */
    async activate(accountId: string): Promise<{ phone: string; email: string }> {
      await transport.publish([accountActivated(accountId)]);
      const rows = await this.waitForNumbers(accountId);
      const addressFor = (channel: string) => rows.find((r) => (r.channel_types as string[]).includes(channel)).address as string;
      return { phone: addressFor('Sms'), email: addressFor('Email') };
    },
    /** Inserts a number directly (active, account-level, sandbox, created now unless said otherwise); answers its id. */
    async addNumber(row: {
      account_id: string;
      subaccount_id?: string;
      address: string;
      channel_types: string[];
      status?: string;
      created_at?: Date;
      sandbox?: boolean;
      campaign_id?: string;
    }): Promise<string> {
      const numberId = randomUUID();
      await db('numbers').insert({
        number_id: numberId,
        subaccount_id: null,
        status: 'active',
        created_at: new Date(),
        ...row,
        channel_types: JSON.stringify(row.channel_types),
      });
      return numberId;
    },
    async close() {
      client.close();
      messaging.close();
      await host.stop();
      clients.close();
      await transport.close();
      await databases.close();
    },
  };
}

export type RoutingHarness = Awaited<ReturnType<typeof startRoutingHarness>>;

export const principalOf = (accountId: string, subaccountId?: string) => ({ kind: 'api_key' as const, accountId, apiKeyId: `key-${accountId}`, subaccountId });

/** One account's cast: users of each role, keys with each right, and callers limited to subaccount `s1`. */
export function principalsOf(accountId: string, s1: string) {
  const user = (role: Principal['role'], subaccountId?: string): Principal => ({ kind: 'user', accountId, userId: randomUUID(), role, subaccountId });
  const key = (rights: string[], subaccountId?: string): Principal => ({ kind: 'api_key', accountId, apiKeyId: randomUUID(), rights, subaccountId });
  return {
    admin: user('Admin'),
    manager: user('Manager'),
    member: user('Member'),
    sendKey: key(['SendMessages']),
    readKey: key(['ReadMessages']),
    manageKey: key(['ManageRouting']),
    s1Admin: user('Admin', s1),
    s1ManageKey: key(['ManageRouting'], s1),
  };
}
