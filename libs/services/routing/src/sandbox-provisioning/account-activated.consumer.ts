import { identityEvents, TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { provisionSandboxSenders, type ProvisionSandboxSendersDeps } from './provision-sandbox-senders.usecase';

/**
 * Gives a newly activated sandbox account its senders. Outside sandbox numbers
 * are provisioned on request (POST /v1/numbers), so the event is ignored there.
 */
export function accountActivatedConsumer(provision: ProvisionSandboxSendersDeps, sandbox: boolean, logger: Logger): EventConsumer {
  return {
    group: 'routing.identity-events',
    topics: [TOPICS.identity],
    eventTypes: ['AccountActivated'],
    async apply(trx, event) {
      if (event.type !== 'AccountActivated' || !sandbox) return;
      const { accountId } = identityEvents.AccountActivated.fromJSON(event.payload);
      if (accountId === '') {
        // Retrying cannot fix a malformed event; log it rather than block the topic.
        logger.error('AccountActivated without an account id', { eventId: event.id });
        return;
      }
      if (await provisionSandboxSenders(trx, provision, accountId)) logger.info('sandbox senders provisioned', { accountId });
    },
  };
}
