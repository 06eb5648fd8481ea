import type { Clock } from '@mp/clock';
import { providerCallbackEvents } from '@mp/contracts';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { isUuid } from '../messages/ids';
import { recordCarrierEvent } from '../carrier-events/carrier-events.repository';
import { findMessageById, lockMessage, updateChannelAttempt } from '../messages/message.repository';
import type { MessageRow } from '../messages/message.types';
import { applyTransition } from '../messages/message-transition';
import { nonDeliveryReason } from './carrier-error-codes';
import { attemptOfCarrierMessage, keepEarlyCarrierReceipt, lockCarrierMessages } from './carrier-id-receipts.repository';
import { keepEarlyReceipt } from './early-receipts.repository';
import { hasNextChannel, type RouteAdvance } from '../fallback/route-advance';

export interface ApplyReceiptDeps {
  outbox: OutboxWriter;
  clock: Clock;
  logger: Logger;
  /** Fallback on a delivery failure (spec 3.1); without it a failure ends the message. */
  route?: RouteAdvance;
}

export type Receipt = providerCallbackEvents.CarrierReceiptReceived;

/** Statuses recorded without moving the message: the carrier has it (`sent`), the person read it (`read`, after a delivery). */
const INTERIM_STATUSES = new Set(['sent', 'read']);

/** Where the receipt leads, or undefined for a status this version does not know. */
function outcomeOf(receipt: Receipt) {
  if (receipt.status === 'delivered') {
    return { to: 'delivered' as const, type: 'MessageDelivered' as const, reason: 'delivered', failure: null };
  }
  if (receipt.status === 'undelivered') {
    const reason = nonDeliveryReason(receipt.errorCode);
    return { to: 'undelivered' as const, type: 'MessageFailed' as const, reason, failure: reason };
  }
  return undefined;
}

/** When the carrier says it happened; our clock if it sent nothing usable. */
export function occurredAt(receipt: Receipt, now: Date): Date {
  const at = receipt.occurredAt ? new Date(receipt.occurredAt) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : now;
}

export function auditDetail(receipt: Receipt): string {
  const code = receipt.errorCode ? `, error code ${receipt.errorCode}` : '';
  return `${receipt.carrier} receipt ${receipt.providerEventId} for carrier message ${receipt.carrierMessageId}${code}`;
}

/** The receipt as a carrier event of the message (recorded once per provider event id). */
export function receiptEvent(message: Pick<MessageRow, 'id' | 'channel_attempt' | 'channel_type'>, receipt: Receipt, reason: string | null, now: Date) {
  return {
    message_id: message.id,
    attempt_number: receipt.attempt || message.channel_attempt,
    channel_type: message.channel_type,
    type: 'receipt' as const,
    carrier: receipt.carrier || null,
    carrier_message_id: receipt.carrierMessageId || null,
    raw_status: receipt.status,
    error_code: receipt.errorCode?.trim() || null,
    reason,
    detail: null,
    provider_event_id: receipt.providerEventId || null,
    occurred_at: occurredAt(receipt, now),
    recorded_at: now,
  };
}

async function recordReceipt(trx: Knex.Transaction, message: MessageRow, receipt: Receipt, reason: string | null, now: Date) {
  await recordCarrierEvent(trx, receiptEvent(message, receipt, reason, now));
}

/**
 * An undelivered receipt for the current attempt of a message whose policy
 * falls back on delivery failure, with a channel left (spec 3.1): the
 * attempt is recorded undelivered and the message goes on to the next
 * channel instead of ending. False when that does not apply.
 */
async function fellBack(trx: Knex.Transaction, route: RouteAdvance, receipt: Receipt, reason: string, now: Date): Promise<boolean> {
  const message = await findMessageById(trx, receipt.messageId);
  if (!message || message.status !== 'dispatched' || message.channel_attempt !== receipt.attempt) return false;
  if (!message.fallback_on_delivery_failure || !hasNextChannel(message)) return false;
  const moved = await route.advance(
    trx,
    message,
    { id: message.id, from: 'dispatched', channelAttempt: receipt.attempt },
    `undelivered on ${message.channel_type} (${reason})`,
    now,
  );
  if (!moved) return false;
  await recordReceipt(trx, message, receipt, reason, now);
  await updateChannelAttempt(
    trx,
    { messageId: message.id, attemptNumber: receipt.attempt },
    { status: 'undelivered', completed_at: occurredAt(receipt, now), failure_reason: reason },
  );
  return true;
}

/**
 * Applies one carrier receipt inside the consumer's transaction. Only a
 * dispatched message whose current channel attempt the receipt names moves;
 * anything else (already final, an older attempt, unknown message) is
 * ignored, so a repeated or late receipt changes nothing.
 */
export async function applyReceipt(trx: Knex.Transaction, deps: ApplyReceiptDeps, payload: unknown): Promise<void> {
  const receipt = providerCallbackEvents.CarrierReceiptReceived.fromJSON(payload);
  if (!isUuid(receipt.messageId) && receipt.carrier && receipt.carrierMessageId) {
    // Named by the carrier's id alone (a provider that gives our reference back never): its message attempt is the
    // accepted submission of that id on that connection; none yet, and the receipt waits for the dispatch record.
    const key = { carrier: receipt.carrier, carrierMessageId: receipt.carrierMessageId };
    await lockCarrierMessages(trx, [key]);
    const attempt = await attemptOfCarrierMessage(trx, key);
    if (!attempt) return keepEarlyCarrierReceipt(trx, key, payload, deps.clock.now());
    return applyReceipt(trx, deps, { ...(payload as Record<string, unknown>), messageId: attempt.messageId, attempt: attempt.attempt });
  }
  const outcome = outcomeOf(receipt);
  if (!isUuid(receipt.messageId)) {
    // Can never apply; retrying would not help, so log and let it be recorded as processed.
    deps.logger.warn('carrier receipt not applicable', { messageId: receipt.messageId, status: receipt.status });
    return;
  }
  const now = deps.clock.now();
  if (!outcome) {
    // A status that moves nothing: kept as a carrier event only. Meta's and Twilio's `sent` and Meta's `read` come
    // for every message; anything else is a status this version does not know, worth a line.
    if (!INTERIM_STATUSES.has(receipt.status)) deps.logger.warn('carrier receipt status not applicable', { messageId: receipt.messageId, status: receipt.status });
    const message = await findMessageById(trx, receipt.messageId);
    if (message) await recordReceipt(trx, message, receipt, null, now);
    return;
  }
  if (outcome.to === 'undelivered' && deps.route && (await fellBack(trx, deps.route, receipt, outcome.reason, now))) return;
  const apply = () =>
    applyTransition(trx, deps.outbox, now, {
      guard: { id: receipt.messageId, from: 'dispatched', channelAttempt: receipt.attempt },
      to: outcome.to,
      changes: { ...(outcome.failure ? { failure_reason: outcome.failure } : {}), fallback_due_at: null },
      audit: { event: outcome.to, detail: auditDetail(receipt) },
      event: { type: outcome.type, reason: outcome.reason },
    });
  let row = await apply();
  let current: MessageRow | undefined;
  if (!row) {
    // Locked: a dispatch record still in its transaction commits first (then the receipt applies),
    // and one that has not begun waits for this transaction, so it finds an early receipt kept here.
    current = await lockMessage(trx, receipt.messageId);
    if (current?.status === 'dispatched') row = await apply();
  }
  if (!row) {
    if (current?.status === 'queued' && current.claim_token !== null && current.channel_attempt === receipt.attempt) {
      // The carrier answered a pass that has not recorded the dispatch yet (or
      // crashed before it did): kept, and applied when the dispatch is recorded.
      await keepEarlyReceipt(trx, receipt, payload, now);
      return;
    }
    deps.logger.debug('carrier receipt ignored', {
      messageId: receipt.messageId,
      attempt: receipt.attempt,
      status: current?.status ?? 'unknown message',
    });
    // A repeated or late receipt is still something the carrier said about the message.
    if (current) await recordReceipt(trx, current, receipt, outcome.reason, now);
    // A late receipt for an attempt the message fell back from is that attempt's outcome (spec 3.1); it starts nothing.
    if (current && receipt.attempt > 0 && receipt.attempt < current.channel_attempt) {
      await updateChannelAttempt(
        trx,
        { messageId: current.id, attemptNumber: receipt.attempt },
        { status: outcome.to, completed_at: occurredAt(receipt, now), failure_reason: outcome.failure },
      );
    }
    return;
  }
  await recordReceipt(trx, row, receipt, outcome.reason, now);
  await updateChannelAttempt(
    trx,
    { messageId: row.id, attemptNumber: receipt.attempt },
    {
      status: outcome.to,
      completed_at: occurredAt(receipt, now),
      failure_reason: outcome.failure,
    },
  );
}
