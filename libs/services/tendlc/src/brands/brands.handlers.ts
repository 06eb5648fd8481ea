import type { tendlcV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { Knex } from 'knex';
import { listBrands } from './list-brands.usecase';

/** The TenDlcService gRPC handlers. */
export function tenDlcHandlers(deps: { db: Knex }): AsyncHandlers<typeof tendlcV1.TenDlcServiceService> {
  return {
    listBrands: (request, ctx) => listBrands(deps.db, requirePrincipal(ctx), request),
  };
}
