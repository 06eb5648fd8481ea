import type { tendlcV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import { toTenDlcBrand } from './brand';
import { reachableBrand, reachBrands } from './brand-reach.rules';
import { findBrand } from './brands.repository';

/** GET /v1/tendlc/brands/{brandId} (spec 4.8): one brand of the caller's account; any other id is 404. */
export async function getBrand(db: Knex, principal: Principal, request: tendlcV1.GetBrandRequest): Promise<tendlcV1.TenDlcBrand> {
  const accountId = reachBrands(principal, request.accountId, 'read');
  return toTenDlcBrand(reachableBrand(accountId, await findBrand(db, request.brandId)));
}
