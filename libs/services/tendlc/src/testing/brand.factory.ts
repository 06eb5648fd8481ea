import { randomUUID } from 'node:crypto';
import type { BrandRow } from '../brands/brand';

/** A `brands` row; registration through the API comes later, so tests seed rows. */
export function brandRow(overrides: Partial<BrandRow> & Pick<BrandRow, 'account_id' | 'created_at'>): BrandRow {
  return {
    id: randomUUID(),
    display_name: 'Acme Corp',
    status: 'pending',
    request: { displayName: overrides.display_name ?? 'Acme Corp', entityType: 'PRIVATE_PROFIT', country: 'US' },
    updated_at: overrides.created_at,
    ...overrides,
  };
}
