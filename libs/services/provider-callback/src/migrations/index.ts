import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createCallbackTablesMigration } from './20251120000000_create_callback_tables';
import { createCarrierInboundMessagesMigration } from './20261123000000_create_carrier_inbound_messages';
import { carrierEventsByCarrierIdMigration } from './20261128000000_carrier_events_by_carrier_id';

/** In the order they run; the event tables carry the outbox of `carrier.receipts` and `carrier.inbound`. */
export const providerCallbackMigrations: Migration[] = [eventTablesMigration, createCallbackTablesMigration, createCarrierInboundMessagesMigration, carrierEventsByCarrierIdMigration];
