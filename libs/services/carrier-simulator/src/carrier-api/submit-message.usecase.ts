import { randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { Knex } from 'knex';
import { DEFAULT_AFTER_SECONDS, DEFAULT_OUTCOME, UNDELIVERED_ERROR_CODE } from '../behaviors/carrier-behavior.rules';
import { findCarrierBehavior } from '../behaviors/carrier-behaviors.repository';
import { scheduleReceipt, type ScheduledReceipt } from '../receipts/carrier-receipts.repository';
import type { CarrierSubmission } from './carrier-submission.rules';
import { findCarrierMessageId, insertSubmissionIfNew, insertSubmissionWithReceipt } from './carrier-submissions.repository';

/** How one of the simulator's carriers (SMS API, WhatsApp API, SMTP for email) files an accepted message. */
export interface SubmitOptions {
  /** Prefix of the carrier message ids this carrier hands out (`sim-`, `wamid.`, `email-`). */
  idPrefix?: string;
  /** Runs in the acceptance's transaction, only for a new submission (the email carrier files the mail). */
  onAccepted?: (trx: Knex.Transaction, carrierMessageId: string) => Promise<void>;
  /** The submitter's trace (its `traceparent` header), kept with the receipt so the callback continues it. */
  traceparent?: string;
}

export type SubmitResult =
  | { kind: 'accepted'; carrierMessageId: string }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unavailable'; message: string };

/** A carrier's way in: `submitMessage` with the service's dependencies bound. */
export type SubmitCarrierMessage = (s: CarrierSubmission, options?: SubmitOptions) => Promise<SubmitResult>;

/**
 * The simulated carrier accepting a message: idempotent on `reference`, and
 * doing what the account's behaviour for the destination says (refuse now,
 * or accept and report delivered / undelivered later, or never report).
 */
export async function submitMessage(deps: { db: Knex; clock: Clock }, s: CarrierSubmission, options: SubmitOptions = {}): Promise<SubmitResult> {
  const behavior = await findCarrierBehavior(deps.db, s.accountId, s.to);
  const outcome = behavior?.outcome ?? DEFAULT_OUTCOME;
  if (outcome === 'failed' || outcome === 'unavailable') {
    // A reference accepted before the behaviour changed keeps its answer.
    const known = await findCarrierMessageId(deps.db, s.reference);
    if (known) return { kind: 'accepted', carrierMessageId: known };
    // A refusal stores nothing: the platform treats it as permanent and will not retry.
    if (outcome === 'failed') return { kind: 'refused', code: 'DESTINATION_REFUSED', message: `The carrier refused the message to ${s.to}.` };
    // Unavailable stores nothing either: the platform will ask again with the same reference.
    return { kind: 'unavailable', message: 'The carrier is temporarily unavailable.' };
  }
  const now = deps.clock.now();
  const carrierMessageId = `${options.idPrefix ?? 'sim-'}${randomUUID()}`;
  const submission = { ...s, carrierMessageId, outcome };
  const receipt: ScheduledReceipt | undefined =
    outcome === 'no-receipt'
      ? undefined
      : {
          eventId: randomUUID(),
          carrierMessageId,
          reference: s.reference,
          status: outcome,
          errorCode: outcome === 'undelivered' ? UNDELIVERED_ERROR_CODE : undefined,
          occurredAt: new Date(now.getTime() + (behavior?.afterSeconds ?? DEFAULT_AFTER_SECONDS) * 1000),
          traceparent: options.traceparent,
        };
  const { onAccepted } = options;
  const inserted = onAccepted
    ? await deps.db.transaction(async (trx) => {
        if (!(await insertSubmissionIfNew(trx, submission, now))) return false;
        await onAccepted(trx, carrierMessageId);
        if (receipt) await scheduleReceipt(trx, receipt);
        return true;
      })
    : // The submission and its receipt in one statement: the common case costs one round trip.
      await insertSubmissionWithReceipt(deps.db, submission, now, receipt);
  if (!inserted) {
    // Known already (a repeat, or a concurrent submission that won): answer what it answered.
    const winner = await findCarrierMessageId(deps.db, s.reference);
    if (!winner) throw new Error(`submission ${s.reference} vanished`);
    return { kind: 'accepted', carrierMessageId: winner };
  }
  return { kind: 'accepted', carrierMessageId };
}
