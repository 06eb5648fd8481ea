import type { Knex } from 'knex';
import type { CarrierEventRow, NewCarrierEvent } from './carrier-event.types';

/** Records one carrier event; a receipt already recorded (same provider event id) is skipped. */
export async function recordCarrierEvent(q: Knex, event: NewCarrierEvent): Promise<void> {
  await recordCarrierEvents(q, [event]);
}

/** Several carrier events in one insert, in order. */
export async function recordCarrierEvents(q: Knex, events: NewCarrierEvent[]): Promise<void> {
  if (events.length === 0) return;
  await q('carrier_events').insert(events).onConflict(['message_id', 'provider_event_id']).ignore();
}

export async function listCarrierEvents(q: Knex, messageId: string): Promise<CarrierEventRow[]> {
  return (await q<CarrierEventRow>('carrier_events').where({ message_id: messageId }).orderBy('id')) as CarrierEventRow[];
}

/**
 * When each of these attempts first reached the carrier (its first submission answer), in one
 * query; keyed `<messageId>:<attemptNumber>`, absent for an attempt that never did.
 */
export async function firstSubmissionsAt(q: Knex, attempts: Array<{ messageId: string; attemptNumber: number }>): Promise<Map<string, Date>> {
  if (attempts.length === 0) return new Map();
  const rows = (await q('carrier_events')
    .whereIn(
      ['message_id', 'attempt_number'],
      attempts.map((a) => [a.messageId, a.attemptNumber]),
    )
    .andWhereLike('type', 'submission%')
    .groupBy('message_id', 'attempt_number')
    .select('message_id', 'attempt_number', q.raw('min(occurred_at) as first_at'))) as Array<{ message_id: string; attempt_number: number; first_at: Date | string }>;
  return new Map(rows.map((row) => [`${row.message_id}:${row.attempt_number}`, new Date(row.first_at)]));
}
