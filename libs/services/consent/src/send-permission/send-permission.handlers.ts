import type { consentV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { CheckSendPermissionUseCase } from './check-send-permission.usecase';

/** The ConsentService gRPC handlers. */
export function consentHandlers(deps: {
  checkSendPermission: CheckSendPermissionUseCase;
}): AsyncHandlers<typeof consentV1.ConsentServiceService> {
  return {
    checkSendPermission: (request, ctx) => deps.checkSendPermission.execute(requirePrincipal(ctx), request),
  };
}
