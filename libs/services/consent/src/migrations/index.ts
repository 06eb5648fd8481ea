import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createOptOuts } from './20251120000000_create_opt_outs';

/** Applied in this order; never reorder or rename an entry once released. */
export const consentMigrations: Migration[] = [eventTablesMigration, createOptOuts];
