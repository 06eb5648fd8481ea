import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import { notifyAdminsOfDeactivation, type NotifyAdminsDeps } from './notify-admins.usecase';
import { webhookDeactivationOf } from './webhook-deactivation';

export const WEBHOOK_DEACTIVATION_CONSUMER_GROUP = 'identity.webhook-deactivations';

/**
 * webhooks.events WebhookEndpointDeactivated -> a mail to each active Admin of
 * the account (spec 3.3). Local writes only (no prepare step: nothing is asked
 * of another service). The host records each event id once, so a redelivery
 * mails no one twice.
 */
export function webhookDeactivationConsumer(deps: NotifyAdminsDeps): EventConsumer {
  return {
    group: WEBHOOK_DEACTIVATION_CONSUMER_GROUP,
    topics: [TOPICS.webhooks],
    eventTypes: ['WebhookEndpointDeactivated'],
    async apply(trx, event) {
      if (event.type !== 'WebhookEndpointDeactivated') {
        deps.logger.debug('event ignored', { type: event.type });
        return;
      }
      let deactivation;
      try {
        deactivation = webhookDeactivationOf(event.payload);
      } catch (error) {
        // Retrying cannot fix a malformed event; log it rather than block the topic.
        deps.logger.error('webhook deactivation ignored', { eventId: event.id, error: (error as Error).message });
        return;
      }
      await notifyAdminsOfDeactivation(trx, deps, deactivation);
    },
  };
}
