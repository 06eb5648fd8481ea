import type { Clock } from '@mp/clock';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { applyBrandStatus } from './apply-brand-status.usecase';

export const REGISTRY_EVENTS_CONSUMER_GROUP = 'tendlc.registry-events';

/**
 * registry.events RegistryBrandStatusUpdated (provider-callback, from signed
 * POST /v1/webhooks/tcr callbacks) -> the brand's status. Local writes only:
 * no prepare step. The host records each event id once; the update table's
 * key on the registry's event id makes a repeat a no-op as well.
 */
export function registryEventsConsumer(deps: { clock: Clock; logger: Logger }): EventConsumer {
  return {
    group: REGISTRY_EVENTS_CONSUMER_GROUP,
    topics: [TOPICS.registry],
    eventTypes: ['RegistryBrandStatusUpdated'],
    async apply(trx, event) {
      if (event.type !== 'RegistryBrandStatusUpdated') return;
      const update = providerCallbackEvents.RegistryBrandStatusUpdated.fromJSON(event.payload);
      if (update.providerEventId === '' || update.registryBrandId === '' || update.identityStatus === '') {
        // Retrying cannot fix a malformed event; log it rather than block the topic.
        deps.logger.error('registry event ignored: it names no event, brand or status', { eventId: event.id });
        return;
      }
      await applyBrandStatus(trx, deps, update);
    },
  };
}
