import type { tendlcV1 } from '@mp/contracts';

/** A row of `brands`. */
export interface BrandRow {
  id: string;
  account_id: string;
  display_name: string;
  status: string;
  request: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toTenDlcBrand(row: BrandRow): tendlcV1.TenDlcBrand {
  return {
    brandId: row.id,
    accountId: row.account_id,
    displayName: row.display_name,
    status: row.status,
    createdAt: iso(row.created_at),
  };
}
