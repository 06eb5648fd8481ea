import type { identityV1 } from '@mp/contracts';
import { ANONYMOUS_CALLER, CUSTOMER, SERVICE, USER, type MethodAccess } from '@mp/grpc';

/**
 * Who may call each IdentityService method. Anonymous: only what a caller
 * does before it holds a credential (sign-up, sign-in and its second steps,
 * invitations, and the gateway resolving a credential into a principal).
 * Account administration takes a user; reading the account, a key too.
 * Messaging asks for a customer's sending standing on the customer's behalf.
 */
export const identityAccess: MethodAccess<typeof identityV1.IdentityServiceService> = {
  register: ANONYMOUS_CALLER,
  verifyEmail: ANONYMOUS_CALLER,
  login: ANONYMOUS_CALLER,
  refreshToken: ANONYMOUS_CALLER,
  getSigningKeys: ANONYMOUS_CALLER,
  authenticateAccessToken: ANONYMOUS_CALLER,
  authenticateApiKey: ANONYMOUS_CALLER,
  loginMfa: ANONYMOUS_CALLER,
  enrollMfaSetup: ANONYMOUS_CALLER,
  enrollMfaConfirm: ANONYMOUS_CALLER,
  acceptInvitation: ANONYMOUS_CALLER,
  externalLogin: ANONYMOUS_CALLER,
  startPasskeyLogin: ANONYMOUS_CALLER,
  loginMfaWithPasskey: ANONYMOUS_CALLER,
  getAccount: CUSTOMER,
  getSendingStanding: CUSTOMER,
  // provider-callback, before it answers a payment processor's subscription callback.
  applySubscriptionUpdate: SERVICE,
  getMe: USER,
  createSubaccount: USER,
  listSubaccounts: USER,
  getSubaccount: USER,
  updateSubaccount: USER,
  createApiKey: USER,
  listApiKeys: USER,
  updateApiKey: USER,
  revokeApiKey: USER,
  getMfaStatus: USER,
  setupTotp: USER,
  confirmTotp: USER,
  regenerateRecoveryCodes: USER,
  disableMfa: USER,
  stepUpWithAuthenticator: USER,
  issueEmailOtp: USER,
  verifyEmailOtp: USER,
  getSecurityPolicy: USER,
  updateSecurityPolicy: USER,
  inviteUser: USER,
  listUsers: USER,
  updateUser: USER,
  deactivateUser: USER,
  listExternalIdentities: USER,
  unlinkExternalIdentity: USER,
  listPasskeys: USER,
  startPasskeyRegistration: USER,
  completePasskeyRegistration: USER,
  renamePasskey: USER,
  deletePasskey: USER,
  startPasskeyStepUp: USER,
  stepUpWithPasskey: USER,
};
