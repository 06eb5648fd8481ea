import { preparedRaw } from '@mp/db';
import type { Knex } from 'knex';

/** A receipt due to go out as deliver_sm, with what its text and addresses are built from. */
export interface SmscReceiptRow {
  event_id: string;
  carrier_message_id: string;
  system_id: string;
  status: 'delivered' | 'undelivered';
  error_code: string | null;
  occurred_at: Date;
  attempts: number;
  submitted_at: Date;
  body: string;
  source_addr_ton: number;
  source_addr_npi: number;
  source_addr: string;
  dest_addr_ton: number;
  dest_addr_npi: number;
  destination_addr: string;
}

/**
 * Claims up to `limit` due receipts of binds in `systemIds`, oldest first, in
 * one statement: locks them (SKIP LOCKED) and pushes their due time to
 * `leaseUntil`, so a receipt is not sent twice while its deliver_sm_resp is awaited.
 */
export async function claimDueSmscReceipts(db: Knex, systemId: string, now: Date, limit: number, leaseUntil: Date): Promise<SmscReceiptRow[]> {
  const result = await preparedRaw<{ rows: Array<SmscReceiptRow & { due_at: Date }> }>(
    db,
    `with due as (
       select event_id, next_attempt_at as due_at from smsc_receipts
        where sent_at is null and system_id = ? and next_attempt_at <= ?
        order by next_attempt_at limit ? for update skip locked
     ), claimed as (
       update smsc_receipts as r set next_attempt_at = ? from due where r.event_id = due.event_id
       returning r.*, due.due_at
     )
     select c.event_id, c.carrier_message_id, c.system_id, c.status, c.error_code, c.occurred_at, c.attempts, c.due_at,
            s.submitted_at, s.body, s.source_addr_ton, s.source_addr_npi, s.source_addr, s.dest_addr_ton, s.dest_addr_npi, s.destination_addr
       from claimed c join carrier_submissions s on s.carrier_message_id = c.carrier_message_id`,
    [systemId, now, limit, leaseUntil],
  );
  return result.rows
    .sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime())
    .map(({ due_at: _dueAt, ...row }) => row);
}

/** Claims one receipt by its event id when it is due and unsent (the receipt-before-response behaviour sends it at once). */
export async function claimSmscReceipt(db: Knex, eventId: string, now: Date, leaseUntil: Date): Promise<SmscReceiptRow | undefined> {
  const result = await preparedRaw<{ rows: SmscReceiptRow[] }>(
    db,
    `with claimed as (
       update smsc_receipts set next_attempt_at = ? where event_id = ? and sent_at is null and next_attempt_at <= ?
       returning *
     )
     select c.event_id, c.carrier_message_id, c.system_id, c.status, c.error_code, c.occurred_at, c.attempts,
            s.submitted_at, s.body, s.source_addr_ton, s.source_addr_npi, s.source_addr, s.dest_addr_ton, s.dest_addr_npi, s.destination_addr
       from claimed c join carrier_submissions s on s.carrier_message_id = c.carrier_message_id`,
    [leaseUntil, eventId, now],
  );
  return result.rows[0];
}

/** Answered ESME_ROK: sent, in one statement for a pass's receipts. */
export async function markSmscReceiptsSent(db: Knex, eventIds: readonly string[], now: Date): Promise<void> {
  if (eventIds.length === 0) return;
  await db('smsc_receipts')
    .whereIn('event_id', eventIds)
    .update({ sent_at: now, attempts: db.raw('attempts + 1'), last_error: null });
}

/** A receipt not taken: its attempts so far, when it is tried again, and why. */
export interface SmscReceiptFailure {
  eventId: string;
  attempts: number;
  nextAttemptAt: Date;
  error: string;
}

/** Not answered, or answered with an error: each tried again at its `nextAttemptAt`; one statement for a pass's failures. */
export async function markSmscReceiptsFailed(db: Knex, failures: readonly SmscReceiptFailure[]): Promise<void> {
  if (failures.length === 0) return;
  await db.raw(
    `update smsc_receipts as r set attempts = v.attempts, next_attempt_at = v.next_attempt_at, last_error = v.last_error
       from (values ${failures.map(() => '(?::text, ?::integer, ?::timestamptz, ?::text)').join(', ')}) as v(event_id, attempts, next_attempt_at, last_error)
      where r.event_id = v.event_id and r.sent_at is null`,
    failures.flatMap((f) => [f.eventId, f.attempts, f.nextAttemptAt, f.error.slice(0, 500)]),
  );
}

/** Claimed but not sent (the session went away before it was its turn): due again now, no attempt counted. */
export async function releaseSmscReceipts(db: Knex, eventIds: readonly string[], now: Date): Promise<void> {
  if (eventIds.length === 0) return;
  await db('smsc_receipts').whereIn('event_id', eventIds).whereNull('sent_at').update({ next_attempt_at: now });
}
