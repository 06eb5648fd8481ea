import type { consentV1 } from '@mp/contracts';
import { CUSTOMER, SERVICE, type MethodAccess } from '@mp/grpc';

/** Who may ask "may this be sent?": messaging's dispatch as itself, or a customer about its own account. */
export const consentAccess: MethodAccess<typeof consentV1.ConsentServiceService> = {
  checkSendPermission: [...SERVICE, ...CUSTOMER],
};
