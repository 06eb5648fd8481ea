import type { tendlcV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { ListBrandsUseCase } from './list-brands.usecase';

/** The TenDlcService gRPC handlers. */
export function tenDlcHandlers(deps: { listBrands: ListBrandsUseCase }): AsyncHandlers<typeof tendlcV1.TenDlcServiceService> {
  return {
    listBrands: (request, ctx) => deps.listBrands.execute(requirePrincipal(ctx), request),
  };
}
