import type { consentV1 } from '@mp/contracts';
import type { AsyncHandlers } from '@mp/grpc';
import type { CheckSendPermissionUseCase } from './check-send-permission.usecase';

/** The ConsentService gRPC handlers. */
export function consentHandlers(deps: {
  checkSendPermission: CheckSendPermissionUseCase;
}): AsyncHandlers<typeof consentV1.ConsentServiceService> {
  return {
    // Messaging's dispatch job calls without a customer principal; see assertCustomerReach.
    checkSendPermission: (request, ctx) => deps.checkSendPermission.execute(ctx.principal, request),
  };
}
