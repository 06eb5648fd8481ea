import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport } from '@mp/events';
import { createLogger } from '@mp/telemetry';
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
  stop(): Promise<void>;
}

/**
 * A service module as a host runs it, for its tests: migrated on an in-memory
 * database with the embedded event log and a sandbox clock, serving gRPC on a
 * free loopback port.
 */
export async function startTestService<C>(module: ServiceModule<C>, config: C, addresses: AddressBook = {}): Promise<TestService> {
  const databases = createDatabaseProvider({ dataDir: ':memory:' });
  const transport = createEmbeddedLogTransport({ db: databases });
  const clients = createServiceClients(addresses);
  const clock = new SandboxClock();
  const host = new ServiceHost(module, config, { databases, transport, clock, logger: createLogger('silent'), clients, sandbox: true });
  await host.start({ host: '127.0.0.1', port: 0 });
  return {
    address: `127.0.0.1:${host.port}`,
    db: databases.forSchema(schemaOf(module.name)),
    clock,
    host: host as ServiceHost<unknown>,
    async stop() {
      await host.stop();
      clients.close();
      await transport.close();
      await databases.close();
    },
  };
}
