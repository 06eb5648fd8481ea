import { preparedRaw } from '@mp/db';
import type { Knex } from 'knex';
import {
  ACCEPTED_OUTCOMES,
  DEFAULT_AFTER_SECONDS,
  DEFAULT_OUTCOME,
  HTTP_EQUIVALENT,
  RECEIPTED_OUTCOMES,
  UNDELIVERED_ERROR_CODE,
  type HttpOutcome,
} from '../behaviors/carrier-behavior.rules';
import type { CarrierSubmission } from './carrier-submission.rules';

interface SubmissionRow {
  carrier_message_id: string;
  reference: string;
}

export async function findCarrierMessageId(db: Knex, reference: string): Promise<string | undefined> {
  const row = await db<SubmissionRow>('carrier_submissions').where({ reference }).first('carrier_message_id');
  return row?.carrier_message_id;
}

/** What filing a submission found: the behaviour that applied and whether this submission was stored. */
export interface Filed {
  outcome: HttpOutcome;
  /** False when the outcome refuses (nothing stored) or the reference was known already. */
  inserted: boolean;
}

/**
 * Files a submission in one statement: reads the account's behaviour for the
 * destination (the defaults without one), stores the submission unless that
 * behaviour refuses it or the reference is known, and schedules its receipt
 * (`afterSeconds` after `now`) when the outcome has one.
 */
export async function fileSubmission(
  db: Knex,
  s: CarrierSubmission & { carrierMessageId: string },
  now: Date,
  receipt: { eventId: string; traceparent?: string },
): Promise<Filed> {
  const stored = ACCEPTED_OUTCOMES.map(() => '?').join(', ');
  const receipted = RECEIPTED_OUTCOMES.map(() => '?').join(', ');
  // A behaviour only the SMPP carrier plays acts here as its HTTP equivalent.
  const equivalents = Object.entries(HTTP_EQUIVALENT);
  const asHttp = `case ${equivalents.map(() => 'when max(outcome) = ? then ?').join(' ')} else max(outcome) end`;
  const result = await preparedRaw<{ rows: Array<{ outcome: HttpOutcome; inserted: string | null }> }>(
    db,
    `with behaviour as (
       select coalesce(${asHttp}, ?) as outcome, coalesce(max(after_seconds), ?) as after_seconds
         from carrier_behaviors where account_id = ? and destination = ?
     ), submitted as (
       insert into carrier_submissions (carrier_message_id, reference, account_id, channel, from_address, to_address, body, outcome, submitted_at)
       select ?, ?, ?, ?, ?, ?, ?, b.outcome, ? from behaviour b where b.outcome in (${stored})
       on conflict (reference) do nothing
       returning carrier_message_id, outcome
     ), receipt as (
       insert into carrier_receipts (event_id, carrier_message_id, reference, status, error_code, occurred_at, next_attempt_at, traceparent)
       select ?, s.carrier_message_id, ?, s.outcome, case when s.outcome = 'undelivered' then ? end, d.due, d.due, ?
         from submitted s cross join behaviour b cross join lateral (select ?::timestamptz + b.after_seconds * interval '1 second' as due) d
        where s.outcome in (${receipted})
     )
     select b.outcome, (select carrier_message_id from submitted) as inserted from behaviour b`,
    [
      ...equivalents.flat(),
      DEFAULT_OUTCOME,
      DEFAULT_AFTER_SECONDS,
      s.accountId,
      s.to,
      s.carrierMessageId,
      s.reference,
      s.accountId,
      s.channel,
      s.from,
      s.to,
      s.body,
      now,
      ...ACCEPTED_OUTCOMES,
      receipt.eventId,
      s.reference,
      UNDELIVERED_ERROR_CODE,
      receipt.traceparent ?? null,
      now,
      ...RECEIPTED_OUTCOMES,
    ],
  );
  const [row] = result.rows;
  return { outcome: row.outcome, inserted: row.inserted !== null };
}
