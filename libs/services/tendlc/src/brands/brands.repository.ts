import { isUuid } from '@mp/grpc';
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

/** A brand by id; an id that is not a uuid names none (never the database's cast error). */
export async function findBrand(db: Knex, brandId: string): Promise<BrandRow | undefined> {
  if (!isUuid(brandId)) return undefined;
  return db<BrandRow>(BRANDS).where('id', brandId.toLowerCase()).first();
}

export async function findBrandByReference(db: Knex, accountId: string, referenceId: string): Promise<BrandRow | undefined> {
  return db<BrandRow>(BRANDS).where({ account_id: accountId, reference_id: referenceId }).first();
}

/**
 * Inserts a new brand unless its (account, reference id) is taken; false
 * then. A racing twin with the same reference waits for the first to commit
 * and then inserts nothing.
 */
export async function insertBrandIfNew(trx: Knex.Transaction, row: BrandRow): Promise<boolean> {
  const inserted = await trx(BRANDS)
    .insert({ ...row, request: JSON.stringify(row.request) })
    .onConflict()
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function setRegistryBrandId(trx: Knex.Transaction, brandId: string, registryBrandId: string): Promise<void> {
  await trx(BRANDS).where('id', brandId).update({ registry_brand_id: registryBrandId });
}

/**
 * The brand a registry update names, locked for the update: by the registry's
 * brand id, else by the reference the platform registered it under (its id)
 * while the registry's id is not known yet.
 */
export async function findBrandForRegistryUpdate(trx: Knex.Transaction, registryBrandId: string, brandReferenceId?: string): Promise<BrandRow | undefined> {
  const byRegistryId = await trx<BrandRow>(BRANDS).where('registry_brand_id', registryBrandId).forUpdate().first();
  if (byRegistryId || !isUuid(brandReferenceId)) return byRegistryId;
  return trx<BrandRow>(BRANDS).where('id', brandReferenceId.toLowerCase()).whereNull('registry_brand_id').forUpdate().first();
}

export async function setBrandStatus(trx: Knex.Transaction, brandId: string, fields: { status: string; statusUpdatedAt: Date; now: Date }): Promise<void> {
  await trx(BRANDS).where('id', brandId).update({ status: fields.status, status_updated_at: fields.statusUpdatedAt, updated_at: fields.now });
}
