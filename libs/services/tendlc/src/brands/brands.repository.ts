import type { Knex } from 'knex';
import type { BrandRow } from './brand';

export const BRANDS = 'brands';

export class BrandsRepository {
  constructor(private readonly db: Knex) {}

  /** An account's brands, newest first. */
  async listForAccount(accountId: string): Promise<BrandRow[]> {
    return this.db<BrandRow>(BRANDS)
      .where('account_id', accountId)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }
}
