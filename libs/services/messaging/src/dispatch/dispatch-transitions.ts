import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { insertChannelAttempt, updateIfInState } from '../messages/message.repository';
import { expireTransition } from '../messages/expiry';
import { applyTransition } from '../messages/message-transition';
import type { MessageRow } from '../messages/message.types';
import { retryDelayMs } from './backoff';

/** Clears the lease when a message leaves the dispatcher's hands. */
const released = { claimed_until: null, claim_token: null } as const;

export interface Sender {
  fromAddress: string;
  numberId: string;
}

/**
 * The writes that end a dispatch try, each one transaction guarded by the
 * status the message was claimed in and the pass's lease token: if the lease
 * ran out and another pass took the message, these writes miss and change
 * nothing.
 */
export class DispatchTransitions {
  constructor(
    private readonly db: Knex,
    private readonly outbox: OutboxWriter,
  ) {}

  private guard(message: MessageRow) {
    return { id: message.id, from: 'queued' as const, claimToken: message.claim_token ?? undefined };
  }

  /** Carrier accepted: the channel attempt is recorded and charged the estimate. */
  dispatched(message: MessageRow, sender: Sender, carrierMessageId: string, now: Date) {
    return this.db.transaction(async (trx) => {
      const row = await applyTransition(trx, this.outbox, now, {
        guard: this.guard(message),
        to: 'dispatched',
        changes: { ...released, last_error: null },
        audit: { event: 'dispatched', detail: `submitted from ${sender.fromAddress} as carrier message ${carrierMessageId}` },
        event: { type: 'MessageDispatched', reason: 'submitted to carrier' },
      });
      if (row) {
        await insertChannelAttempt(trx, {
          message_id: row.id,
          attempt_number: row.channel_attempt,
          channel_type: row.channel_type,
          from_address: sender.fromAddress,
          number_id: sender.numberId || null,
          carrier_message_id: carrierMessageId,
          status: 'dispatched',
          cost: row.estimated_cost,
          failure_reason: null,
          attempted_at: now,
          completed_at: null,
        });
      }
      return row;
    });
  }

  /** Carrier refused (422): final; the attempt is kept in the history, uncharged. */
  refusedByCarrier(message: MessageRow, sender: Sender, reason: string, code: string, now: Date) {
    return this.db.transaction(async (trx) => {
      const row = await applyTransition(trx, this.outbox, now, {
        guard: this.guard(message),
        to: 'failed',
        changes: { ...released, failure_reason: reason },
        audit: { event: 'failed', detail: `carrier refused (${code}): ${reason}` },
        // Refused before any delivery was tried: "rejected and will not be delivered" (spec 6.1).
        event: { type: 'MessageRejected', reason },
      });
      if (row) {
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
          attempted_at: now,
          completed_at: now,
        });
      }
      return row;
    });
  }

  /** expiresAt passed before this try: final, never sent, never charged. */
  expired(message: MessageRow, now: Date) {
    const check = message.attempts > 0 ? 'retry' : 'first send';
    return this.db.transaction((trx) => applyTransition(trx, this.outbox, now, expireTransition(this.guard(message), message, check)));
  }

  /** Consent said no: never sent, never charged. */
  rejected(message: MessageRow, reason: string, now: Date) {
    return this.db.transaction((trx) =>
      applyTransition(trx, this.outbox, now, {
        guard: this.guard(message),
        to: 'failed',
        changes: { ...released, failure_reason: reason },
        audit: { event: 'rejected', detail: reason },
        event: { type: 'MessageRejected', reason },
      }),
    );
  }

  /** The carrier could not be reached: back off, or give up after the last allowed try. */
  carrierUnavailable(message: MessageRow, reason: string, maxAttempts: number, now: Date) {
    const attempts = message.attempts + 1;
    return this.db.transaction((trx) => {
      if (attempts >= maxAttempts) {
        const failure = `carrier did not accept the message after ${attempts} attempts (${reason})`;
        return applyTransition(trx, this.outbox, now, {
          guard: this.guard(message),
          to: 'failed',
          changes: { ...released, attempts, last_error: reason, failure_reason: failure },
          audit: { event: 'dead_lettered', detail: failure },
          event: { type: 'MessageDeadLettered', reason: failure },
        });
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
   * yet, a dependency down): back off without spending a carrier try and
   * without an audit entry per wait.
   */
  async deferred(message: MessageRow, reason: string, now: Date) {
    const deferrals = message.deferrals + 1;
    return updateIfInState(this.db, this.guard(message), {
      ...released,
      deferrals,
      last_error: reason,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(deferrals)),
      updated_at: now,
    });
  }
}
