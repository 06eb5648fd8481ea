import type { Clock } from '@mp/clock';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';

/** What the consent use cases work with: the service's own database, its outbox and the clock. */
export interface ConsentDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
}
