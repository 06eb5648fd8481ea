import { enqueueAll, type OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { chargeChannelAttempts } from '../billing/charge-channel-attempt';
import { firstSubmissionsAt, recordCarrierEvents } from '../carrier-events/carrier-events.repository';
import type { CarrierEventType } from '../carrier-events/carrier-event.types';
import type { ConnectionNote } from '../carriers/carrier.port';
import { insertAudits, insertChannelAttempt, insertChannelAttempts, markDispatched, updateIfInState } from '../messages/message.repository';
import { lifecycleEvent } from '../messages/lifecycle-event';
import { expireTransition } from '../messages/expiry';
import { applyTransition } from '../messages/message-transition';
import type { MessageRow } from '../messages/message.types';
import { refusalReason } from '../receipts/carrier-error-codes';
import { applyReceipt, type ApplyReceiptDeps } from '../receipts/apply-receipt.usecase';
import { lockCarrierMessages, takeEarlyCarrierReceipts, type CarrierMessageKey } from '../receipts/carrier-id-receipts.repository';
import { takeEarlyReceipts } from '../receipts/early-receipts.repository';
import { retryDelayMs } from './backoff';
import { hasNextChannel, type RouteAdvance } from '../fallback/route-advance';

/** When a dispatched attempt falls back for want of a final receipt: only with a channel left and a timeout set. */
const fallbackDueAt = (message: MessageRow, now: Date): Date | null =>
  hasNextChannel(message) && message.receipt_timeout_seconds > 0 ? new Date(now.getTime() + message.receipt_timeout_seconds * 1000) : null;

/**
 * The carrier ids of the submissions whose receipts come by carrier id alone (their connection's adapter says
 * so: Meta, Twilio). Only those can be overtaken by a receipt that waits in early_carrier_receipts; a receipt
 * carrying our reference (SMPP, the http carrier) waits in early_receipts instead.
 */
const receiptKeysByCarrierId = (items: readonly AcceptedSubmission[]): CarrierMessageKey[] =>
  items.flatMap(({ via, carrierMessageId }) => (via?.connection && via.receiptsByCarrierId ? [{ carrier: via.connection, carrierMessageId }] : []));

/** Clears the lease when a message leaves the dispatcher's hands. */
const released = { claimed_until: null, claim_token: null } as const;

/** A submission the carrier accepted, waiting to be recorded with the rest of its pass. */
export interface AcceptedSubmission {
  message: MessageRow;
  sender: Sender;
  carrierMessageId: string;
  consent?: ConsentDecision;
  via?: ConnectionNote;
}

interface SubmissionAnswer {
  message: MessageRow;
  /** The configured connection that answered, when the channel has connections. */
  carrier?: string;
  type: CarrierEventType;
  rawStatus: string;
  carrierMessageId?: string;
  errorCode?: string;
  reason?: string;
  detail?: string;
}

export interface Sender {
  fromAddress: string;
  numberId: string;
}

/** What consent said of an attempt: the ledger entry that decided it, if the recipient has any. */
export interface ConsentDecision {
  decidedByEntryId?: string;
}

/** Which connection took the attempt, and which it went past first (issue 29 point 5: failover is not channel fallback). */
const connectionNote = (via?: ConnectionNote) =>
  via?.connection === undefined ? '' : ` through connection ${via.connection}${via.failovers?.length ? ` (failed over from ${via.failovers.join('; ')})` : ''}`;

const consentNote = (consent?: ConsentDecision) =>
  consent === undefined ? '' : `; consent decided by ${consent.decidedByEntryId ? `entry ${consent.decidedByEntryId}` : 'no entry (never opted out)'}`;

/**
 * The writes that end a dispatch try, each one transaction guarded by the
 * status the message was claimed in and the pass's lease token: if the lease
 * ran out and another pass took the message, these writes miss and change
 * nothing.
 */
export class DispatchTransitions {
  private readonly receipts?: ApplyReceiptDeps;

  constructor(
    private readonly db: Knex,
    private readonly outbox: OutboxWriter,
    private readonly route: RouteAdvance,
    /** To apply the receipts that overtook a dispatch as it is recorded (the dispatcher passes it). */
    receiptContext?: Pick<ApplyReceiptDeps, 'clock' | 'logger'>,
  ) {
    this.receipts = receiptContext && { ...receiptContext, outbox, route };
  }

  private guard(message: MessageRow) {
    return { id: message.id, from: 'queued' as const, claimToken: message.claim_token ?? undefined };
  }

  /** Carrier accepted one message (see dispatchedAll). */
  async dispatched(message: MessageRow, sender: Sender, carrierMessageId: string, now: Date, consent?: ConsentDecision) {
    const [row] = await this.dispatchedAll([{ message, sender, carrierMessageId, consent }], now);
    return row;
  }

  /**
   * Carrier accepted these messages (a dispatch pass's sends, recorded together): each channel
   * attempt is recorded and charged (the estimate quoted at acceptance) in the ledger, with its
   * audit entry and MessageDispatched, all in one transaction of a fixed number of statements.
   * Answers each item's new row, or undefined where the pass no longer held the message.
   */
  dispatchedAll(items: AcceptedSubmission[], now: Date): Promise<Array<MessageRow | undefined>> {
    if (items.length === 0) return Promise.resolve([]);
    // Receipts by carrier id (a provider that gives only its own id back) of these submissions: locked before anything
    // is written, in the order the receipt consumer locks them (carrier-id-receipts.repository.ts). None: no lock taken.
    const byCarrierId = receiptKeysByCarrierId(items);
    return this.db.transaction(async (trx) => {
      if (this.receipts) await lockCarrierMessages(trx, byCarrierId);
      const attemptedAt = await this.submissions(
        trx,
        items.map(({ message, carrierMessageId, via }) => ({ message, carrier: via?.connection, type: 'submission_accepted', rawStatus: 'accepted', carrierMessageId })),
        now,
      );
      const rows = await markDispatched(
        trx,
        items.map(({ message }) => ({ id: message.id, claimToken: message.claim_token, fallbackDueAt: fallbackDueAt(message, now) })),
        now,
      );
      const done = items.flatMap((item) => {
        const row = rows.get(item.message.id);
        return row ? [{ ...item, row }] : [];
      });
      if (done.length > 0) {
        await insertAudits(
          trx,
          done.map(({ row, sender, carrierMessageId, consent, via }) => ({
            message_id: row.id,
            at: now,
            event: 'dispatched',
            from_status: 'queued',
            to_status: 'dispatched',
            detail: `submitted from ${sender.fromAddress}${connectionNote(via)} as carrier message ${carrierMessageId}${consentNote(consent)}`,
          })),
        );
        await enqueueAll(
          this.outbox,
          trx,
          done.map(({ row, sender, carrierMessageId }) =>
            lifecycleEvent('MessageDispatched', row, 'queued', 'submitted to carrier', { now, dispatch: { fromAddress: sender.fromAddress, carrierMessageId } }),
          ),
        );
        await insertChannelAttempts(
          trx,
          done.map(({ row, sender, carrierMessageId }) => ({
            message_id: row.id,
            attempt_number: row.channel_attempt,
            channel_type: row.channel_type,
            from_address: sender.fromAddress,
            number_id: sender.numberId || null,
            carrier_message_id: carrierMessageId,
            status: 'dispatched',
            cost: row.estimated_cost,
            failure_reason: null,
            attempted_at: attemptedAt.get(row.id) ?? now,
            completed_at: null,
          })),
        );
        await chargeChannelAttempts(trx, done.map(({ row, sender }) => ({ message: row, fromAddress: sender.fromAddress })), now);
        if (this.receipts) {
          const early = await takeEarlyReceipts(trx, done.map(({ row }) => ({ messageId: row.id, attemptNumber: row.channel_attempt })));
          for (const payload of early) await applyReceipt(trx, this.receipts, payload);
          // Those by carrier id find the accepted submission just recorded above (no statement when there are none).
          const earlyByCarrierId = await takeEarlyCarrierReceipts(trx, receiptKeysByCarrierId(done));
          for (const payload of earlyByCarrierId) await applyReceipt(trx, this.receipts, payload);
        }
      }
      return items.map(({ message }) => rows.get(message.id));
    });
  }

  /**
   * Carrier refused (422): final; the attempt is kept in the history,
   * uncharged, with the documented reason for the carrier's code (its own
   * words stay in the audit entry and the carrier event).
   */
  refusedByCarrier(message: MessageRow, sender: Sender, refusal: { code: string; message: string }, now: Date, via?: ConnectionNote) {
    const reason = refusalReason(refusal.code);
    return this.db.transaction(async (trx) => {
      const attemptedAt = await this.submission(trx, message, now, {
        carrier: via?.connection,
        type: 'submission_refused',
        rawStatus: 'refused',
        errorCode: refusal.code,
        reason,
        detail: refusal.message,
      });
      const refused = `carrier refused (${refusal.code})${connectionNote(via)}: ${refusal.message}`;
      // A channel refused at submission advances the route (spec 3.1); the refused attempt stays in the history.
      const row = hasNextChannel(message)
        ? await this.route.advance(trx, message, this.guard(message), `${message.channel_type} ${refused}`, now)
        : await applyTransition(trx, this.outbox, now, {
            guard: this.guard(message),
            to: 'failed',
            changes: { ...released, failure_reason: reason },
            audit: { event: 'failed', detail: refused },
            // Refused before any delivery was tried: "rejected and will not be delivered" (spec 6.1). From which
            // number: consent takes a refusal for a recipient unsubscribed at the carrier as their STOP to it.
            event: { type: 'MessageRejected', reason, dispatch: { fromAddress: sender.fromAddress } },
          });
      if (row) await this.failedAttempt(trx, message, sender, reason, attemptedAt, now);
      return row;
    });
  }

  /**
   * The carrier could not read the platform's request (HTTP 400 and the
   * like): a platform bug that a retry would repeat, so an internal dispatch
   * error, final and uncharged.
   */
  invalidRequest(message: MessageRow, sender: Sender, reason: string, now: Date, via?: ConnectionNote) {
    return this.db.transaction(async (trx) => {
      const attemptedAt = await this.submission(trx, message, now, {
        carrier: via?.connection,
        type: 'submission_invalid',
        rawStatus: 'invalid',
        reason: 'internal dispatch error',
        detail: reason,
      });
      const failure = `internal dispatch error: ${reason}`;
      const row = await applyTransition(trx, this.outbox, now, {
        guard: this.guard(message),
        to: 'failed',
        changes: { ...released, last_error: reason, failure_reason: failure },
        audit: { event: 'failed', detail: failure },
        event: { type: 'MessageFailed', reason: failure },
      });
      if (row) await this.failedAttempt(trx, row, sender, failure, attemptedAt, now);
      return row;
    });
  }

  /** The current channel cannot be used (no sender for it, refused): the next channel of the route, now. */
  advance(message: MessageRow, reason: string, now: Date) {
    return this.db.transaction((trx) => this.route.advance(trx, message, this.guard(message), reason, now));
  }

  /** expiresAt passed before this try: final, never sent, never charged. */
  expired(message: MessageRow, now: Date) {
    const check = message.attempts > 0 ? 'retry' : 'first send';
    return this.db.transaction((trx) => applyTransition(trx, this.outbox, now, expireTransition(this.guard(message), message, check)));
  }

  /** Consent said no: never sent, never charged; with a channel left in the route, the message goes on to it. */
  rejected(message: MessageRow, reason: string, now: Date, consent?: ConsentDecision) {
    if (hasNextChannel(message)) return this.advance(message, `${message.channel_type} blocked by consent: ${reason}${consentNote(consent)}`, now);
    return this.db.transaction((trx) =>
      applyTransition(trx, this.outbox, now, {
        guard: this.guard(message),
        to: 'failed',
        changes: { ...released, failure_reason: reason },
        audit: { event: 'rejected', detail: `${reason}${consentNote(consent)}` },
        event: { type: 'MessageRejected', reason },
      }),
    );
  }

  /** The carrier could not be reached: back off, or give up (dead letter) after the last allowed try. */
  carrierUnavailable(message: MessageRow, sender: Sender, reason: string, maxAttempts: number, now: Date, via?: ConnectionNote) {
    const attempts = message.attempts + 1;
    return this.db.transaction(async (trx) => {
      const attemptedAt = await this.submission(trx, message, now, {
        carrier: via?.connection,
        type: 'submission_unavailable',
        rawStatus: 'unavailable',
        reason: 'carrier temporarily unavailable',
        detail: reason,
      });
      if (attempts >= maxAttempts) {
        const failure = `carrier did not accept the message after ${attempts} attempts (${reason})`;
        const row = await applyTransition(trx, this.outbox, now, {
          guard: this.guard(message),
          to: 'failed',
          changes: { ...released, attempts, last_error: reason, failure_reason: failure },
          audit: { event: 'dead_lettered', detail: failure },
          event: { type: 'MessageDeadLettered', reason: failure },
        });
        if (row) await this.failedAttempt(trx, row, sender, failure, attemptedAt, now);
        return row;
      }
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
      return applyTransition(trx, this.outbox, now, {
        guard: this.guard(message),
        to: 'queued',
        changes: { ...released, attempts, last_error: reason, next_attempt_at: nextAttemptAt },
        audit: { event: 'retry_scheduled', detail: `try ${attempts} failed (${reason}); next try at ${nextAttemptAt.toISOString()}` },
      });
    });
  }

  /**
   * Waiting for something that is not the message's fault (no sender number
   * yet, a dependency down, an unexpected error in the pass): back off
   * without spending a carrier try and without an audit entry per wait.
   * After `maxDeferrals` waits it is an internal dispatch error: `failed`,
   * MessageFailed, never sent, never charged.
   */
  async deferred(message: MessageRow, reason: string, now: Date, maxDeferrals = Number.POSITIVE_INFINITY) {
    const deferrals = message.deferrals + 1;
    if (deferrals > maxDeferrals) {
      const failure = `internal dispatch error: ${reason}`;
      return this.db.transaction((trx) =>
        applyTransition(trx, this.outbox, now, {
          guard: this.guard(message),
          to: 'failed',
          changes: { ...released, deferrals, last_error: reason, failure_reason: failure },
          audit: { event: 'failed', detail: failure },
          event: { type: 'MessageFailed', reason: failure },
        }),
      );
    }
    return updateIfInState(this.db, this.guard(message), {
      ...released,
      deferrals,
      last_error: reason,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(deferrals)),
      updated_at: now,
    });
  }

  /**
   * Records the carrier's answer to a submission (whether or not this pass
   * still holds the message: the answer happened) and returns when the
   * channel attempt first reached the carrier.
   */
  private async submission(trx: Knex.Transaction, message: MessageRow, now: Date, answer: Omit<SubmissionAnswer, 'message'>): Promise<Date> {
    const first = await this.submissions(trx, [{ message, ...answer }], now);
    return first.get(message.id) ?? now;
  }

  /** The same for several messages, in two statements; answers each message's first submission time. */
  private async submissions(trx: Knex.Transaction, answers: SubmissionAnswer[], now: Date): Promise<Map<string, Date>> {
    const first = await firstSubmissionsAt(
      trx,
      answers.map(({ message }) => ({ messageId: message.id, attemptNumber: message.channel_attempt })),
    );
    await recordCarrierEvents(
      trx,
      answers.map((answer) => ({
        message_id: answer.message.id,
        attempt_number: answer.message.channel_attempt,
        channel_type: answer.message.channel_type,
        type: answer.type,
        carrier: answer.carrier ?? null,
        carrier_message_id: answer.carrierMessageId ?? null,
        raw_status: answer.rawStatus,
        error_code: answer.errorCode ?? null,
        reason: answer.reason ?? null,
        detail: answer.detail ?? null,
        provider_event_id: null,
        occurred_at: now,
        recorded_at: now,
      })),
    );
    return new Map(answers.map(({ message }) => [message.id, first.get(`${message.id}:${message.channel_attempt}`) ?? now]));
  }

  /** A channel attempt that reached the carrier and ended without being sent: kept in the history, uncharged. */
  private async failedAttempt(
    trx: Knex.Transaction,
    row: Pick<MessageRow, 'id' | 'channel_attempt' | 'channel_type'>,
    sender: Sender,
    reason: string,
    attemptedAt: Date,
    now: Date,
  ) {
    await insertChannelAttempt(trx, {
      message_id: row.id,
      attempt_number: row.channel_attempt,
      channel_type: row.channel_type,
      from_address: sender.fromAddress,
      number_id: sender.numberId || null,
      carrier_message_id: null,
      status: 'failed',
      cost: 0,
      failure_reason: reason,
      attempted_at: attemptedAt,
      completed_at: now,
    });
  }
}
