import type { Clock } from '@mp/clock';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { BrandRegistry } from './registry/brand-registry';

/** What the tendlc use cases need. */
export interface TenDlcDeps {
  db: Knex;
  clock: Clock;
  registry: BrandRegistry;
  logger: Logger;
}
