import type { Knex } from 'knex';
import type { CarrierReceipt } from './carrier-receipt.rules';

/** The carrier events of each message, once per (provider, eventId). */

/** Returns false when this provider's event id was stored before (a repeated callback). */
/** The insert of a callback's row, skipping one already stored: returns its id only when new. */
export function carrierEventInsert(db: Knex, provider: string, receipt: CarrierReceipt, receivedAt: Date): Knex.QueryBuilder {
  return db('carrier_events')
    .insert({
      provider,
      event_id: receipt.eventId,
      kind: 'receipts',
      carrier_message_id: receipt.carrierMessageId,
      message_id: receipt.messageId,
      attempt: receipt.attempt,
      status: receipt.status,
      error_code: receipt.errorCode ?? null,
      occurred_at: receipt.occurredAt,
      payload: JSON.stringify(receipt.payload),
      received_at: receivedAt,
    })
    .onConflict(['provider', 'event_id'])
    .ignore()
    .returning('id');
}
