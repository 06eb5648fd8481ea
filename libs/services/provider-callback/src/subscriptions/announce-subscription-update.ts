import type { Clock } from '@mp/clock';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { readSubscriptionEvent } from './subscription-event.rules';

/** The stripe event as the subscription update identity applies, or undefined when it is none (or unusable). */
export function paymentSubscriptionUpdate(
  eventId: string,
  payload: Record<string, unknown>,
  receivedAt: Date,
): providerCallbackEvents.PaymentSubscriptionUpdated | undefined {
  const reading = readSubscriptionEvent(payload);
  if (reading.kind !== 'update') return undefined;
  const { accountId, subscriptionStatus, occurredAt } = reading.update;
  return { providerEventId: eventId, accountId, subscriptionStatus, occurredAt: (occurredAt ?? receivedAt).toISOString() };
}

/**
 * A newly stored stripe event that changes a subscription becomes
 * PaymentSubscriptionUpdated on `billing.events`, keyed by account id, in the
 * transaction that stored it: identity sees each processor event at least
 * once even when the call that applies it before the answer failed
 * (apply-subscription-now.ts). Answers the update announced.
 */
export async function announceSubscriptionUpdate(
  trx: Knex.Transaction,
  deps: { outbox: OutboxWriter; clock: Clock; logger: Logger },
  eventId: string,
  payload: Record<string, unknown>,
  receivedAt: Date,
): Promise<providerCallbackEvents.PaymentSubscriptionUpdated | undefined> {
  const reading = readSubscriptionEvent(payload);
  if (reading.kind === 'unusable') deps.logger.warn('stripe subscription event stored but not applied', { eventId, type: payload.type, reason: reading.reason });
  const update = paymentSubscriptionUpdate(eventId, payload, receivedAt);
  if (!update) return undefined;
  await deps.outbox.enqueue(trx, {
    topic: TOPICS.billing,
    key: update.accountId,
    type: 'PaymentSubscriptionUpdated',
    payload: providerCallbackEvents.PaymentSubscriptionUpdated.toJSON(update),
  });
  return update;
}
