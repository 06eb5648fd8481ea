import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { BrandRow } from '../../brands/brand';
import type { BrandRegistry } from '../brand-registry';
import { BRAND_IDENTITY_STATUS_UPDATE, newRegistryBrandId, type TcrBrandStatusEvent } from '../tcr-callback';
import { insertRegistryCallback } from './registry-callbacks.repository';
import { SANDBOX_VERDICT_DELAY_SECONDS, sandboxVerdict } from './sandbox-outcome.rules';

/**
 * The sandbox's 10DLC registry: takes every brand as a mock (unbilled)
 * brand, gives it a TCR-style id, and schedules its verdict as a signed
 * callback due SANDBOX_VERDICT_DELAY_SECONDS later on the sandbox clock
 * (PostRegistryCallbacksJob posts it to the gateway's /v1/webhooks/tcr, so
 * the verdict takes the same signed path as the real registry's).
 */
export const sandboxRegistry: BrandRegistry = {
  mock: true,
  async submit(trx: Knex.Transaction, brand: BrandRow, now: Date) {
    const registryBrandId = newRegistryBrandId();
    const status = sandboxVerdict(brand.display_name);
    const due = new Date(now.getTime() + SANDBOX_VERDICT_DELAY_SECONDS * 1000);
    const event: TcrBrandStatusEvent = {
      eventId: randomUUID(),
      eventType: BRAND_IDENTITY_STATUS_UPDATE,
      occurredAt: due.toISOString(),
      brandId: registryBrandId,
      brandReferenceId: brand.id,
      brandName: brand.display_name,
      brandIdentityStatus: status,
      description: `Sandbox registry: brand identity ${status}.`,
      mock: true,
    };
    await insertRegistryCallback(trx, {
      event_id: event.eventId,
      brand_id: brand.id,
      registry_brand_id: registryBrandId,
      identity_status: status,
      body: JSON.stringify(event),
      next_attempt_at: due,
      attempts: 0,
      created_at: now,
    });
    return { registryBrandId };
  },
};
