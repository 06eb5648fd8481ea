import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createNumbersMigration } from './001-create-numbers.migration';

/** In the order they run; the event tables hold the processed ids of the identity-events consumer. */
export const routingMigrations: Migration[] = [eventTablesMigration, createNumbersMigration];
