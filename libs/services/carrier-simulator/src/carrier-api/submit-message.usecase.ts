import { randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { Knex } from 'knex';
import type { CarrierSubmission } from './carrier-submission.rules';
import { fileSubmission, findCarrierMessageId } from './carrier-submissions.repository';

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
  const now = deps.clock.now();
  const carrierMessageId = `${options.idPrefix ?? 'sim-'}${randomUUID()}`;
  const { onAccepted } = options;
  const file = (db: Knex) => fileSubmission(db, { ...s, carrierMessageId }, now, { eventId: randomUUID(), traceparent: options.traceparent });
  // The behaviour, the submission and its receipt in one statement; the email carrier files its mail
  // in the same transaction.
  const filed = onAccepted
    ? await deps.db.transaction(async (trx) => {
        const result = await file(trx);
        if (result.inserted) await onAccepted(trx, carrierMessageId);
        return result;
      })
    : await file(deps.db);
  if (filed.inserted) return { kind: 'accepted', carrierMessageId };
  // A reference accepted before (a repeat, a concurrent submission that won, or one accepted before
  // the behaviour changed) keeps its answer.
  const known = await findCarrierMessageId(deps.db, s.reference);
  if (known) return { kind: 'accepted', carrierMessageId: known };
  // A refusal stores nothing: the platform treats it as permanent and will not retry.
  if (filed.outcome === 'failed') return { kind: 'refused', code: 'DESTINATION_REFUSED', message: `The carrier refused the message to ${s.to}.` };
  // Unavailable stores nothing either: the platform will ask again with the same reference.
  if (filed.outcome === 'unavailable') return { kind: 'unavailable', message: 'The carrier is temporarily unavailable.' };
  throw new Error(`submission ${s.reference} vanished`);
}
