import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport } from '@mp/events';
import { createServiceClients, schemaOf, ServiceHost } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { webhookDispatcherService } from '../webhook-dispatcher.module';

/** The module as a host runs it: migrated on an in-memory database, serving gRPC on a free port. */
export async function startModule(): Promise<{ address: string; db: Knex; stop(): Promise<void> }> {
  const databases = createDatabaseProvider({ dataDir: ':memory:' });
  const transport = createEmbeddedLogTransport({ db: databases });
  const clients = createServiceClients({});
  const host = new ServiceHost(webhookDispatcherService, {}, {
    databases,
    transport,
    clock: new SandboxClock(),
    logger: createLogger('silent'),
    clients,
    sandbox: true,
  });
  await host.start({ host: '127.0.0.1', port: 0 });
  return {
    address: `127.0.0.1:${host.port}`,
    db: databases.forSchema(schemaOf(webhookDispatcherService.name)),
    async stop() {
      await host.stop();
      clients.close();
      await transport.close();
      await databases.close();
    },
  };
}
