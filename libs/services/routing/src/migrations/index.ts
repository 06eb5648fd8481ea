import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createNumbersMigration } from './20251120000000_create_numbers';

/** In the order they run; the event tables hold the processed ids of the identity-events consumer. */
export const routingMigrations: Migration[] = [eventTablesMigration, createNumbersMigration];
