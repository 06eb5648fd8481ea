import type { Clock } from '@mp/clock';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { readRegistryEvent } from './registry-event.rules';

/**
 * A newly stored registry (tcr) brand status update becomes
 * RegistryBrandStatusUpdated on `registry.events`, keyed by the registry's
 * brand id, in the transaction that stored it: tendlc sees each registry
 * event exactly once, and updates of one brand stay in order.
 */
export async function announceRegistryUpdate(
  trx: Knex.Transaction,
  deps: { outbox: OutboxWriter; clock: Clock; logger: Logger },
  eventId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  const reading = readRegistryEvent(payload);
  if (reading.kind === 'not-a-brand-status-event') {
    deps.logger.info('registry event stored; nothing applies it yet', { eventId, eventType: payload.eventType });
    return;
  }
  if (reading.kind === 'unusable') {
    deps.logger.warn('registry event stored but not applied', { eventId, eventType: payload.eventType, reason: reading.reason });
    return;
  }
  const { report } = reading;
  await deps.outbox.enqueue(trx, {
    topic: TOPICS.registry,
    key: report.registryBrandId,
    type: 'RegistryBrandStatusUpdated',
    payload: providerCallbackEvents.RegistryBrandStatusUpdated.toJSON({
      providerEventId: eventId,
      registry: 'tcr',
      registryBrandId: report.registryBrandId,
      brandReferenceId: report.brandReferenceId,
      identityStatus: report.identityStatus,
      description: report.description,
      occurredAt: (report.occurredAt ?? deps.clock.now()).toISOString(),
      mock: report.mock,
    }),
  });
}
