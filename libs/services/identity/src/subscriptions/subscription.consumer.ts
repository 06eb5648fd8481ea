import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import { applySubscriptionUpdate, type ApplySubscriptionUpdateDeps } from './apply-subscription-update.usecase';

export const SUBSCRIPTION_CONSUMER_GROUP = 'identity.billing-events';

/** billing.events -> the account's subscription status. The host records each event id once. */
export function subscriptionConsumer(deps: ApplySubscriptionUpdateDeps): EventConsumer {
  return {
    group: SUBSCRIPTION_CONSUMER_GROUP,
    topics: [TOPICS.billing],
    eventTypes: ['PaymentSubscriptionUpdated'],
    async apply(trx, event) {
      if (event.type !== 'PaymentSubscriptionUpdated') {
        deps.logger.debug('event ignored', { type: event.type });
        return;
      }
      await applySubscriptionUpdate(trx, deps, providerCallbackEvents.PaymentSubscriptionUpdated.fromJSON(event.payload));
    },
  };
}
