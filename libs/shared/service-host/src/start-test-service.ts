import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport, type EventTransport } from '@mp/events';
import { CallTokenSigner, createClient, generateCallKeys, STAFF_ISSUER, type AsyncClient, type CallKeys, type ServiceDefinitionLike } from '@mp/grpc';
import { createLogger } from '@mp/telemetry';
import type { JWK } from 'jose';
import type { Knex } from 'knex';
import { createServiceClients, type AddressBook } from './service-clients';
import { ServiceHost } from './service-host';
import { schemaOf, type ServiceModule } from './service-module';

export interface TestService {
  /** host:port of its gRPC server. */
  address: string;
  /** Its own schema, to seed and inspect stored state. */
  db: Knex;
  clock: SandboxClock;
  host: ServiceHost<unknown>;
  /** Its event transport (the embedded log), to publish the events it consumes. */
  transport: EventTransport;
  /** The keys it trusts, to make tokens it must refuse. */
  callKeys: CallKeys & { staffSigningKey: JWK };
  /** A client that calls it as the gateway does (customer principals, else anonymous), or as the service `as`. */
  client<D extends ServiceDefinitionLike>(definition: D, as?: string): AsyncClient<D>;
  /** A client that calls it as a platform staff tool (`system`). */
  staffClient<D extends ServiceDefinitionLike>(definition: D): Promise<AsyncClient<D>>;
  stop(): Promise<void>;
}

/** Fresh call keys and the gateway's signer over them, for a test that hosts a service itself. */
export async function testCallKeys(): Promise<{ keys: CallKeys & { staffSigningKey: JWK }; gateway: CallTokenSigner }> {
  const keys = await generateCallKeys();
  return { keys, gateway: await CallTokenSigner.fromJwk(keys.signingKey, 'gateway') };
}

/**
 * A service module as a host runs it, for its tests: migrated on an in-memory
 * database with the embedded event log, a sandbox clock and its own call
 * keys, serving gRPC on a free loopback port.
 */
export async function startTestService<C>(module: ServiceModule<C>, config: C, addresses: AddressBook = {}): Promise<TestService> {
  const databases = createDatabaseProvider({ dataDir: ':memory:' });
  const transport = createEmbeddedLogTransport({ db: databases });
  const { keys, gateway } = await testCallKeys();
  const clients = createServiceClients(addresses, { signer: gateway });
  const clock = new SandboxClock();
  const host = new ServiceHost(module, config, { databases, transport, clock, logger: createLogger('silent'), clients, callKeys: keys, sandbox: true });
  await host.start({ host: '127.0.0.1', port: 0 });
  const address = `127.0.0.1:${host.port}`;
  const made: Array<{ close(): void }> = [];
  const track = <T extends { close(): void }>(client: T) => (made.push(client), client);
  return {
    address,
    db: databases.forSchema(schemaOf(module.name)),
    clock,
    host: host as ServiceHost<unknown>,
    transport,
    callKeys: keys,
    client: (definition, as) => track(createClient(definition, address, { signer: as ? gateway.as(as) : gateway, audience: module.name })),
    staffClient: async (definition) =>
      track(createClient(definition, address, { signer: await CallTokenSigner.fromJwk(keys.staffSigningKey, STAFF_ISSUER, { kind: 'system', accountId: '' }), audience: module.name })),
    async stop() {
      for (const client of made.splice(0)) client.close();
      await host.stop();
      clients.close();
      await transport.close();
      await databases.close();
    },
  };
}
