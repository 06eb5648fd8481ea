import type { Clock } from '@mp/clock';
import { SpanKind, withSpan, type Logger } from '@mp/telemetry';
import type { CarrierAdapter } from '../carriers/carrier.port';
import { hasNextChannel } from '../fallback/route-advance';
import { hasExpired } from '../messages/expiry';
import type { MessageRow } from '../messages/message.types';
import type { MessagingClients } from '../messaging-clients';
import type { AcceptedSubmission, ConsentDecision, DispatchTransitions, Sender } from './dispatch-transitions';
import { carrierQuoteOf } from './carrier-quote';
import { carrierTemplateOf } from './carrier-template';
import { countCarrierOutcome } from './dispatch-metrics';
import type { SendLookups } from './send-lookups';

export interface DispatchMessageDeps {
  clients: MessagingClients;
  carrier: CarrierAdapter;
  transitions: DispatchTransitions;
  clock: Clock;
  logger: Logger;
  maxAttempts: number;
  /** Waits (no sender, a dependency down, an unexpected error) before the message fails as an internal error. */
  maxDeferrals: number;
}

/** What happened to one claimed message, for logs and tests. */
export type DispatchResult = 'dispatched' | 'failed' | 'rejected' | 'retrying' | 'dead_lettered' | 'deferred' | 'expired' | 'lost_lease';

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Routing's answer that the account has no number for the channel (rather than being unreachable). */
const isNoNumber = (error: unknown) => ['NOT_FOUND', 'INVALID_OPERATION'].includes((error as { code?: string })?.code ?? '');

/** No sender: the next channel of the route at once, else wait (a number may be provisioned in a moment). */
function noSender(deps: DispatchMessageDeps, message: MessageRow, reason: string) {
  const now = deps.clock.now();
  return hasNextChannel(message) ? deps.transitions.advance(message, reason, now) : deps.transitions.deferred(message, reason, now, deps.maxDeferrals);
}

/** A try's end: written already, or a carrier acceptance for the pass to record with the others. */
export type TryOutcome = { result: DispatchResult } | { accepted: AcceptedSubmission };

/**
 * One try of one claimed message (service-contracts "Message lifecycle"):
 * expiry, sender, consent, carrier. Expiry first: spec 3.1 checks it before
 * every send attempt (first send, retry, release from an account hold). Sender first because consent needs the number the
 * attempt goes from: a STOP applies to the number that received it (spec
 * 4.7 changelog 2026-10-18). Runs outside any transaction: only the final
 * write of each outcome is one, and a carrier's acceptance is left for the
 * pass to record together with the rest of its batch.
 */
export async function tryMessage(deps: DispatchMessageDeps, message: MessageRow, lookups: SendLookups): Promise<TryOutcome> {
  const { transitions, clock } = deps;
  const outcome = (row: unknown, result: DispatchResult): TryOutcome => ({ result: row ? result : 'lost_lease' });
  if (hasExpired(message, clock.now())) return outcome(await transitions.expired(message, clock.now()), 'expired');

  let sender: Sender;
  try {
    const chosen = await lookups.chooseSender(message);
    if (!chosen.fromAddress) return outcome(await noSender(deps, message, `no sender number for ${message.channel_type}`), 'deferred');
    sender = { fromAddress: chosen.fromAddress, numberId: chosen.numberId };
  } catch (error) {
    // No number for this channel: a route with a channel left goes on to it (spec 3.1).
    if (isNoNumber(error)) return outcome(await noSender(deps, message, `no sender number for ${message.channel_type}: ${describe(error)}`), 'deferred');
    // INVALID_OPERATION / NOT_FOUND: no number for this channel yet (a send may
    // be accepted just before routing provisions one); anything else: routing
    // is unreachable. Neither is the message's failure.
    return outcome(await transitions.deferred(message, `no sender number for ${message.channel_type}: ${describe(error)}`, clock.now(), deps.maxDeferrals), 'deferred');
  }

  // Which consent ledger entry decided this attempt goes into its audit entry (issue 10 point 10).
  let consent: ConsentDecision;
  try {
    const permission = await lookups.checkPermission(message, sender.fromAddress);
    consent = { decidedByEntryId: permission.decidedByEntryId || undefined };
    if (!permission.allowed) {
      const reason = permission.reason || 'recipient opted out';
      return outcome(await transitions.rejected(message, reason, clock.now(), consent), 'rejected');
    }
  } catch (error) {
    return outcome(await transitions.deferred(message, `consent check unavailable: ${describe(error)}`, clock.now(), deps.maxDeferrals), 'deferred');
  }

  // In the send's own trace (kept with the message), not the polling pass's: the carrier call and its receipt belong to the send.
  const answer = await withSpan(
    `submit ${message.channel_type} to carrier`,
    { traceparent: message.traceparent ?? undefined, kind: SpanKind.CLIENT, attributes: { 'messaging.message.id': message.id, 'messaging.channel': message.channel_type } },
    async () => {
      const answer = await deps.carrier.submit({
        reference: `${message.id}:${message.channel_attempt}`,
        accountId: message.account_id,
        channel: message.channel_type,
        from: sender.fromAddress,
        to: message.destination,
        body: message.body ?? '',
        ...carrierTemplateOf(message),
        ...carrierQuoteOf(message),
      });
      // Logged in the span, so the line carries the send's trace_id (the X-Trace-Id its sender got).
      if (answer.kind === 'transient') {
        deps.logger.warn('carrier submission failed; will retry', { messageId: message.id, attempt: message.attempts + 1, reason: answer.reason, error: answer.error });
      }
      return answer;
    },
  );
  countCarrierOutcome(message.channel_type, answer);
  const now = clock.now();
  const via = { connection: answer.connection, failovers: answer.failovers, receiptsByCarrierId: answer.receiptsByCarrierId };
  switch (answer.kind) {
    case 'accepted':
      return { accepted: { message, sender, carrierMessageId: answer.carrierMessageId, consent, via } };
    case 'rejected':
      return outcome(await transitions.refusedByCarrier(message, sender, answer, now, via), 'failed');
    case 'transient': {
      const row = await transitions.carrierUnavailable(message, sender, answer.reason, deps.maxAttempts, now, via);
      return outcome(row, row?.status === 'failed' ? 'dead_lettered' : 'retrying');
    }
    case 'invalid':
      deps.logger.error('carrier could not read the submission', { messageId: message.id, connection: answer.connection, reason: answer.reason });
      return outcome(await transitions.invalidRequest(message, sender, answer.reason, now, via), 'failed');
  }
}
