import type { tendlcV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import { toTenDlcBrand } from './brand';
import { reachBrands } from './brand-reach.rules';
import { listBrandsForAccount } from './brands.repository';

/** GET /v1/tendlc/brands (spec 4.8): the caller's account's brands, newest first. */
export async function listBrands(db: Knex, principal: Principal, request: tendlcV1.ListBrandsRequest): Promise<tendlcV1.ListBrandsResponse> {
  const accountId = reachBrands(principal, request.accountId, 'read');
  const rows = await listBrandsForAccount(db, accountId);
  return { items: rows.map(toTenDlcBrand) };
}
