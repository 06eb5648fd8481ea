import type { tendlcV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { toTenDlcBrand } from './brand';
import type { BrandsRepository } from './brands.repository';

/** GET /v1/tendlc/brands (spec 4.8): the caller's account's brands, newest first. */
export class ListBrandsUseCase {
  constructor(private readonly brands: BrandsRepository) {}

  async execute(principal: Principal, request: tendlcV1.ListBrandsRequest): Promise<tendlcV1.ListBrandsResponse> {
    // `GET /v1/tendlc/brands` names no account: the caller's own.
    const { accountId } = reachAccount(principal, { accountId: request.accountId || principal.accountId });
    const rows = await this.brands.listForAccount(accountId);
    return { items: rows.map(toTenDlcBrand) };
  }
}
