import { randomUUID } from 'node:crypto';
import type { BrandRow } from '../brands/brand';

/** A `brands` row as registration stores it, for tests that seed rows. */
export function brandRow(overrides: Partial<BrandRow> & Pick<BrandRow, 'account_id' | 'created_at'>): BrandRow {
  return {
    id: randomUUID(),
    display_name: 'Acme Corp',
    status: 'PENDING',
    reference_id: null,
    request_fingerprint: null,
    registry_brand_id: null,
    mock: true,
    status_updated_at: null,
    request: { displayName: overrides.display_name ?? 'Acme Corp', entityType: 'PRIVATE_PROFIT', country: 'US' },
    updated_at: overrides.created_at,
    ...overrides,
  };
}
