import { SandboxClock } from '@mp/clock';
import { providerCallbackV1, TOPICS, type identityV1 } from '@mp/contracts';
import { createDatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport, type EventEnvelope, type Subscription } from '@mp/events';
import { createClient, type AsyncClient } from '@mp/grpc';
import { createServiceClients, ServiceHost, testCallKeys, type ServiceClients } from '@mp/service-host';
import { DomainError } from '@mp/problems';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { ProviderCallbackConfig } from '../provider-callback.config';
import { providerCallbackService } from '../provider-callback.module';
import { TEST_CONNECTIONS } from './test-connections';

export const SECRETS: ProviderCallbackConfig = {
  CALLBACK_SECRET_SIM: 'sandbox-sim-secret',
  CALLBACK_SECRET_STRIPE: 'sandbox-stripe-secret',
  CALLBACK_SECRET_STRIPE_CONNECT: undefined,
  CALLBACK_SECRET_TCR: undefined,
  CARRIER_CONNECTIONS: TEST_CONNECTIONS,
  CARRIER_CONNECTIONS_FILE: undefined,
};

/**
 * The module run by a real ServiceHost (migrations, gRPC, outbox relay) on
 * in-memory PGlite and the embedded event log, with a subscriber collecting
 * everything published on `carrier.receipts`, `carrier.inbound`, `billing.events` and `registry.events`.
 */
export async function startProviderCallbackHarness(config: ProviderCallbackConfig = SECRETS) {
  const databases = createDatabaseProvider({ dataDir: ':memory:' });
  const transport = createEmbeddedLogTransport({ db: databases });
  const { keys, gateway } = await testCallKeys();
  const standingCalls = { applied: [] as identityV1.ApplySubscriptionUpdateRequest[], noted: [] as string[], identityDown: false };
  // identity and messaging stand in as fakes recording what provider-callback asked before answering.
  const real = createServiceClients({}, { signer: gateway });
  const clients: ServiceClients = Object.create(real, {
    // The host hands its module `clients.as(<its name>)`: the fakes stay.
    as: { value: () => clients },
    identity: {
      value: {
        applySubscriptionUpdate: async (request: identityV1.ApplySubscriptionUpdateRequest) => {
          if (standingCalls.identityDown) throw new DomainError('EXTERNAL_SERVICE_ERROR', 'identity is down (test)');
          standingCalls.applied.push(request);
          return { changed: true };
        },
      },
    },
    messaging: { value: { noteStandingChange: async (request: { accountId: string }) => (standingCalls.noted.push(request.accountId), {}) } },
  });
  const host = new ServiceHost(providerCallbackService, config, {
    callKeys: keys,
    databases,
    transport,
    clock: new SandboxClock(),
    logger: createLogger('silent'),
    clients,
    sandbox: true,
  });
  await host.start({ host: '127.0.0.1', port: 0 });
  const client: AsyncClient<typeof providerCallbackV1.ProviderCallbackServiceService> = createClient(
    providerCallbackV1.ProviderCallbackServiceService,
    `127.0.0.1:${host.port}`,
    { signer: gateway, audience: 'provider-callback' },
  );
  const made: Array<{ close(): void }> = [];
  const published: EventEnvelope[] = [];
  const topics = [TOPICS.carrierReceipts, TOPICS.carrierInbound, TOPICS.billing, TOPICS.registry];
  await transport.ensureTopics(topics);
  const subscription: Subscription = await transport.subscribe({
    group: 'test.published',
    topics,
    fromBeginning: true,
    handler: async (event) => {
      published.push(event);
    },
  });
  const db: Knex = databases.forSchema('provider_callback');
  return {
    db,
    client,
    published,
    /** A client calling as service `issuer` (messaging brings the receipts of its SMPP connections). */
    clientAs(issuer: string): AsyncClient<typeof providerCallbackV1.ProviderCallbackServiceService> {
      const asIssuer = createClient(providerCallbackV1.ProviderCallbackServiceService, `127.0.0.1:${host.port}`, { signer: gateway.as(issuer), audience: 'provider-callback' });
      made.push(asIssuer);
      return asIssuer;
    },
    /** What identity was asked to apply and the accounts messaging was told about, in order. */
    standingCalls,
    /** Waits until `count` events were published (the relay runs after commit). */
    async waitForPublished(count: number, timeoutMs = 10_000): Promise<EventEnvelope[]> {
      const deadline = Date.now() + timeoutMs;
      while (published.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} published events, saw ${published.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return published;
    },
    /** Waits until an event that `matches` has been published, and answers it. */
    async waitForEvent(matches: (event: EventEnvelope) => boolean, timeoutMs = 10_000): Promise<EventEnvelope> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = published.find(matches);
        if (event) return event;
        if (Date.now() > deadline) throw new Error('the expected event was not published');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      client.close();
      for (const c of made.splice(0)) c.close();
      await subscription.stop();
      await host.stop();
      clients.close();
      await transport.close();
      await databases.close();
    },
  };
}

export type ProviderCallbackHarness = Awaited<ReturnType<typeof startProviderCallbackHarness>>;
