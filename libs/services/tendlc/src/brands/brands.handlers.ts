import type { tendlcV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { TenDlcDeps } from '../tendlc-deps';
import { getBrand } from './get-brand.usecase';
import { listBrands } from './list-brands.usecase';
import { registerBrand } from './register-brand.usecase';

/** The TenDlcService gRPC handlers. */
export function tenDlcHandlers(deps: TenDlcDeps): AsyncHandlers<typeof tendlcV1.TenDlcServiceService> {
  return {
    listBrands: (request, ctx) => listBrands(deps.db, requirePrincipal(ctx), request),
    registerBrand: (request, ctx) => registerBrand(deps, requirePrincipal(ctx), request),
    getBrand: (request, ctx) => getBrand(deps.db, requirePrincipal(ctx), request),
  };
}
