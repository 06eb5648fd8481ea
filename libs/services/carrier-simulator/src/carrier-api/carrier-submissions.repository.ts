import type { Knex } from 'knex';
import type { CarrierOutcome } from '../behaviors/carrier-behavior.rules';
import type { CarrierSubmission } from './carrier-submission.rules';
import type { ScheduledReceipt } from '../receipts/carrier-receipts.repository';

export interface StoredSubmission extends CarrierSubmission {
  carrierMessageId: string;
  outcome: CarrierOutcome;
}

interface SubmissionRow {
  carrier_message_id: string;
  reference: string;
}

export async function findCarrierMessageId(db: Knex, reference: string): Promise<string | undefined> {
  const row = await db<SubmissionRow>('carrier_submissions').where({ reference }).first('carrier_message_id');
  return row?.carrier_message_id;
}

const submissionInsert = (db: Knex, s: StoredSubmission, now: Date) =>
  db('carrier_submissions')
    .insert({
      carrier_message_id: s.carrierMessageId,
      reference: s.reference,
      account_id: s.accountId,
      channel: s.channel,
      from_address: s.from,
      to_address: s.to,
      body: s.body,
      outcome: s.outcome,
      submitted_at: now,
    })
    .onConflict('reference')
    .ignore()
    .returning('carrier_message_id');

/** Inserts unless the reference is known; returns false when another submission won the race. */
export async function insertSubmissionIfNew(db: Knex, s: StoredSubmission, now: Date): Promise<boolean> {
  return (await submissionInsert(db, s, now)).length > 0;
}

/**
 * The same, scheduling the submission's receipt (if any) with it in one statement: the receipt row
 * is written only when the submission was. Returns false when the reference was known.
 */
export async function insertSubmissionWithReceipt(db: Knex, s: StoredSubmission, now: Date, receipt: ScheduledReceipt | undefined): Promise<boolean> {
  if (!receipt) return insertSubmissionIfNew(db, s, now);
  const { sql, bindings } = submissionInsert(db, s, now).toSQL();
  const result = await db.raw<{ rows: unknown[] }>(
    `with submitted as (${sql})
     insert into carrier_receipts (event_id, carrier_message_id, reference, status, error_code, occurred_at, next_attempt_at, traceparent)
     select ?, carrier_message_id, ?, ?, ?, ?, ?, ? from submitted
     returning event_id`,
    [...bindings, receipt.eventId, receipt.reference, receipt.status, receipt.errorCode ?? null, receipt.occurredAt, receipt.occurredAt, receipt.traceparent ?? null],
  );
  return result.rows.length > 0;
}

/**
 * The carrier message id of the latest accepted attempt of platform message
 * `messageId` that `accountId` sent on `channel` to `to` (references are
 * `<messageId>:<attempt>`); undefined when there is none.
 */
export async function findLatestAttemptSentTo(
  db: Knex,
  sent: { messageId: string; accountId: string; channel: string; to: string },
): Promise<string | undefined> {
  const rows: SubmissionRow[] = await db('carrier_submissions')
    .where({ account_id: sent.accountId, channel: sent.channel, to_address: sent.to })
    .where('reference', 'like', `${sent.messageId}:%`)
    .select('carrier_message_id', 'reference');
  const attemptOf = (reference: string) => Number.parseInt(reference.slice(sent.messageId.length + 1), 10) || 0;
  const latest = rows.sort((a, b) => attemptOf(b.reference) - attemptOf(a.reference))[0];
  return latest?.carrier_message_id;
}
