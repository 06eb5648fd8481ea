import type { consentV1 } from '@mp/contracts';
import { CUSTOMER, SERVICE, type MethodAccess } from '@mp/grpc';

/**
 * Who may call each method. CheckSendPermission: messaging's dispatch as
 * itself, or a customer about its own account; CheckSendPermissions (a batch
 * of them): messaging's dispatch only. Everything else is a customer
 * route (spec 4.7): reach and rights are decided by reachConsentRoute.
 */
export const consentAccess: MethodAccess<typeof consentV1.ConsentServiceService> = {
  checkSendPermission: [...SERVICE, ...CUSTOMER],
  checkSendPermissions: SERVICE,
  recordOptOut: CUSTOMER,
  optIn: CUSTOMER,
  listOptOuts: CUSTOMER,
  getPreferences: CUSTOMER,
  createOptInRecord: CUSTOMER,
  listOptInRecords: CUSTOMER,
  importOptOuts: CUSTOMER,
  exportOptOuts: CUSTOMER,
  importOptInRecords: CUSTOMER,
  exportOptInRecords: CUSTOMER,
};
