import type { consentV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { Knex } from 'knex';
import { checkSendPermission } from './check-send-permission.usecase';

/** The ConsentService gRPC handlers. */
export function consentHandlers(deps: { db: Knex }): AsyncHandlers<typeof consentV1.ConsentServiceService> {
  return {
    checkSendPermission: (request, ctx) => checkSendPermission(deps.db, requirePrincipal(ctx), request),
  };
}
