import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createInboundMessages } from './001-create-inbound-messages';

/** Applied in this order; never reorder or rename an entry once released. */
export const repliesMigrations: Migration[] = [eventTablesMigration, createInboundMessages];
