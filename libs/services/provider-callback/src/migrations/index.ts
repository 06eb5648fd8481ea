import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createCallbackTablesMigration } from './20251120000000_create_callback_tables';

/** In the order they run; the event tables carry the outbox of `carrier.receipts`. */
export const providerCallbackMigrations: Migration[] = [eventTablesMigration, createCallbackTablesMigration];
