import type { Knex } from 'knex';
import type { CarrierReceipt } from './carrier-receipt.rules';

/** The carrier events of each message, once per (provider, eventId). */

const rowOf = (provider: string, receipt: CarrierReceipt, receivedAt: Date) => ({
  provider,
  event_id: receipt.eventId,
  kind: 'receipts',
  carrier_message_id: receipt.carrierMessageId,
  // Null for a receipt by carrier id alone (CarrierReceipt).
  message_id: receipt.messageId || null,
  attempt: receipt.attempt || null,
  status: receipt.status,
  error_code: receipt.errorCode ?? null,
  occurred_at: receipt.occurredAt,
  payload: JSON.stringify(receipt.payload),
  received_at: receivedAt,
});

/** The insert of a callback's row, skipping one already stored: returns its id only when new. */
export function carrierEventInsert(db: Knex, provider: string, receipt: CarrierReceipt, receivedAt: Date): Knex.QueryBuilder {
  return carrierEventsInsert(db, provider, [receipt], receivedAt);
}

/** The insert of several receipts' rows in one statement, skipping those already stored: returns the event ids of the new ones. */
export function carrierEventsInsert(db: Knex, provider: string, receipts: readonly CarrierReceipt[], receivedAt: Date): Knex.QueryBuilder {
  return db('carrier_events')
    .insert(receipts.map((receipt) => rowOf(provider, receipt, receivedAt)))
    .onConflict(['provider', 'event_id'])
    .ignore()
    .returning(['id', 'event_id']);
}
