import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createInboundMessages } from './20251120000000_create_inbound_messages';

/** Applied in this order; never reorder or rename an entry once released. */
export const repliesMigrations: Migration[] = [eventTablesMigration, createInboundMessages];
