import type { Clock } from '@mp/clock';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { readSubscriptionEvent } from './subscription-event.rules';

/**
 * A newly stored stripe event that changes a subscription becomes
 * PaymentSubscriptionUpdated on `billing.events`, keyed by account id, in the
 * transaction that stored it: identity sees each processor event exactly once.
 */
export async function announceSubscriptionUpdate(
  trx: Knex.Transaction,
  deps: { outbox: OutboxWriter; clock: Clock; logger: Logger },
  eventId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  const reading = readSubscriptionEvent(payload);
  if (reading.kind === 'not-a-subscription-event') return;
  if (reading.kind === 'unusable') {
    deps.logger.warn('stripe subscription event stored but not applied', { eventId, type: payload.type, reason: reading.reason });
    return;
  }
  const { accountId, subscriptionStatus, occurredAt } = reading.update;
  await deps.outbox.enqueue(trx, {
    topic: TOPICS.billing,
    key: accountId,
    type: 'PaymentSubscriptionUpdated',
    payload: providerCallbackEvents.PaymentSubscriptionUpdated.toJSON({
      providerEventId: eventId,
      accountId,
      subscriptionStatus,
      occurredAt: (occurredAt ?? deps.clock.now()).toISOString(),
    }),
  });
}
