import type { Knex } from 'knex';
import type { CarrierEventRow, NewCarrierEvent } from './carrier-event.types';

/** Records one carrier event; a receipt already recorded (same provider event id) is skipped. */
export async function recordCarrierEvent(q: Knex, event: NewCarrierEvent): Promise<void> {
  await q('carrier_events').insert(event).onConflict(['message_id', 'provider_event_id']).ignore();
}

export async function listCarrierEvents(q: Knex, messageId: string): Promise<CarrierEventRow[]> {
  return (await q<CarrierEventRow>('carrier_events').where({ message_id: messageId }).orderBy('id')) as CarrierEventRow[];
}

/** When the attempt first reached the carrier (its first submission answer), if it did. */
export async function firstSubmissionAt(q: Knex, messageId: string, attemptNumber: number): Promise<Date | undefined> {
  const row = (await q<CarrierEventRow>('carrier_events')
    .where({ message_id: messageId, attempt_number: attemptNumber })
    .andWhereLike('type', 'submission%')
    .orderBy('id')
    .first('occurred_at')) as Pick<CarrierEventRow, 'occurred_at'> | undefined;
  return row ? new Date(row.occurred_at) : undefined;
}
