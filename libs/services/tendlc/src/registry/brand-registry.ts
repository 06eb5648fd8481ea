import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import type { BrandRow } from '../brands/brand';

/**
 * The 10DLC registry (The Campaign Registry) as registration sees it. A
 * brand is submitted in the transaction that stores it, so a brand is never
 * stored without its submission nor submitted without its row; an adapter
 * talking to a remote registry queues the submission there and posts it
 * after commit. The registry's verdict comes back later as a signed callback
 * (POST /v1/webhooks/tcr).
 */
export interface BrandRegistry {
  /** A registry test brand (sandbox): never billed. */
  readonly mock: boolean;
  /** Answers the registry's id of the brand. */
  submit(trx: Knex.Transaction, brand: BrandRow, now: Date): Promise<{ registryBrandId: string }>;
}

/**
 * Outside sandbox no registry adapter is configured yet: registration is
 * refused (503, nothing stored) rather than leaving a brand that was never
 * submitted waiting for a verdict that cannot come.
 */
export const unavailableRegistry: BrandRegistry = {
  mock: false,
  async submit() {
    throw new DomainError('EXTERNAL_SERVICE_ERROR', '10DLC brand registration is not available in this environment yet: no registry is configured.');
  },
};
