import type { Clock } from '@mp/clock';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import type { ConsentClients } from './consent-clients';

/** What the consent use cases work with: the service's own database, its outbox, the clock and identity. */
export interface ConsentDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
  clients: ConsentClients;
}
