import type { Knex } from 'knex';
import type { BrandRow } from './brand';

export const BRANDS = 'brands';

/** An account's brands, newest first. */
export async function listBrandsForAccount(db: Knex, accountId: string): Promise<BrandRow[]> {
  return db<BrandRow>(BRANDS)
    .where('account_id', accountId)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}
