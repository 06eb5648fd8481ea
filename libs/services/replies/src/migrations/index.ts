import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createInboundMessages } from './20251120000000_create_inbound_messages';
import { createSentMessages } from './20260301000001_create_sent_messages';
import { inboundMessagesCarrierIdentity } from './20260301000002_inbound_messages_carrier_identity';

/** Applied in this order; never reorder or rename an entry once released. */
export const repliesMigrations: Migration[] = [eventTablesMigration, createInboundMessages, createSentMessages, inboundMessagesCarrierIdentity];
