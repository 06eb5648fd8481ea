import type { Clock } from '@mp/clock';
import type { providerCallbackEvents } from '@mp/contracts';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { REPORTED_STATUSES, type BrandStatus } from '../brands/brand-vocabulary';
import { findBrandForRegistryUpdate, setBrandStatus } from '../brands/brands.repository';
import { recordStatusUpdate, type StatusUpdateOutcome } from './registry-status-updates.repository';

/**
 * A brand status the registry reported (RegistryBrandStatusUpdated): the
 * brand moves to it when it is one of VERIFIED, UNVERIFIED, VETTED_VERIFIED
 * and not older than the status the brand has (updates may arrive out of
 * order). Every update is recorded with what became of it; one naming no
 * brand of ours, or a status unknown here, is recorded and ignored. Runs in
 * the consumer's transaction; a repeated event changes nothing.
 */
export async function applyBrandStatus(
  trx: Knex.Transaction,
  deps: { clock: Clock; logger: Logger },
  update: providerCallbackEvents.RegistryBrandStatusUpdated,
): Promise<StatusUpdateOutcome | 'repeated'> {
  const now = deps.clock.now();
  const parsed = new Date(update.occurredAt);
  const occurredAt = Number.isNaN(parsed.getTime()) ? now : parsed;
  const status = update.identityStatus.trim().toUpperCase();
  const brand = await findBrandForRegistryUpdate(trx, update.registryBrandId, update.brandReferenceId);

  let outcome: StatusUpdateOutcome;
  if (!brand) outcome = 'unknown_brand';
  else if (!REPORTED_STATUSES.includes(status as BrandStatus)) outcome = 'unknown_status';
  else if (brand.status_updated_at && occurredAt.getTime() < new Date(brand.status_updated_at).getTime()) outcome = 'stale';
  else outcome = brand.status === status ? 'unchanged' : 'applied';

  const recorded = await recordStatusUpdate(trx, {
    provider_event_id: update.providerEventId,
    registry: update.registry,
    registry_brand_id: update.registryBrandId,
    brand_reference_id: update.brandReferenceId ?? null,
    identity_status: update.identityStatus,
    description: update.description ?? null,
    occurred_at: occurredAt,
    brand_id: brand?.id ?? null,
    outcome,
    received_at: now,
  });
  if (!recorded) return 'repeated';
  if (brand && (outcome === 'applied' || outcome === 'unchanged')) {
    await setBrandStatus(trx, brand.id, { status, statusUpdatedAt: occurredAt, now });
  }
  const details = { providerEventId: update.providerEventId, registryBrandId: update.registryBrandId, status: update.identityStatus, outcome, brandId: brand?.id };
  if (outcome === 'unknown_brand' || outcome === 'unknown_status') deps.logger.warn('registry brand status recorded and ignored', details);
  else deps.logger.info('registry brand status', details);
  return outcome;
}
