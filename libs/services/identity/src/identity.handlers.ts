import type { identityV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import { getAccount } from './accounts/get-account.usecase';
import { getMe } from './accounts/get-me.usecase';
import { getSendingStanding } from './accounts/get-sending-standing.usecase';
import { register } from './accounts/register.usecase';
import { verifyEmail } from './accounts/verify-email.usecase';
import { authenticateApiKey } from './api-keys/authenticate-api-key.usecase';
import { createApiKey } from './api-keys/create-api-key.usecase';
import { listApiKeysOf } from './api-keys/list-api-keys.usecase';
import { revokeApiKeyOf } from './api-keys/revoke-api-key.usecase';
import { changeApiKey } from './api-keys/update-api-key.usecase';
import { enrollMfaConfirm, enrollMfaSetup } from './enrollment/enroll-mfa.usecase';
import { externalLogin } from './external-identities/external-login.usecase';
import { listExternalIdentities } from './external-identities/list-external-identities.usecase';
import { unlinkExternalIdentity } from './external-identities/unlink-external-identity.usecase';
import type { IdentityContext } from './identity-context';
import { loginMfa } from './mfa/login-mfa.usecase';
import { confirmTotp, disableMfa, regenerateRecoveryCodes, setupTotp } from './mfa/manage-mfa.usecase';
import { getMfaStatus } from './mfa/mfa-status.usecase';
import { deletePasskeyOf, listPasskeys, renamePasskeyOf } from './passkeys/manage-passkeys.usecase';
import { loginMfaWithPasskey, startPasskeyLogin } from './passkeys/passkey-login.usecase';
import { completePasskeyRegistration, startPasskeyRegistration } from './passkeys/passkey-registration.usecase';
import { startPasskeyStepUp, stepUpWithPasskey } from './passkeys/passkey-step-up.usecase';
import { issueEmailOtp, verifyEmailOtp } from './step-up/email-otp.usecase';
import { stepUpWithAuthenticator } from './step-up/step-up-with-authenticator.usecase';
import { getSecurityPolicy, updateSecurityPolicy } from './security-policy/security-policy.usecase';
import { authenticateAccessToken } from './sessions/authenticate-access-token.usecase';
import { login } from './sessions/login.usecase';
import { refreshToken } from './sessions/refresh-token.usecase';
import { createSubaccount } from './subaccounts/create-subaccount.usecase';
import { getSubaccount } from './subaccounts/get-subaccount.usecase';
import { listSubaccountsOf } from './subaccounts/list-subaccounts.usecase';
import { changeSubaccount } from './subaccounts/update-subaccount.usecase';
import { applySubscriptionCallback } from './subscriptions/apply-subscription-callback.usecase';
import { acceptInvitation } from './users/accept-invitation.usecase';
import { deactivateUser } from './users/deactivate-user.usecase';
import { inviteUser } from './users/invite-user.usecase';
import { listUsersOf } from './users/list-users.usecase';
import { updateUser } from './users/update-user.usecase';

export type IdentityHandlers = AsyncHandlers<typeof identityV1.IdentityServiceService>;

/**
 * The IdentityService RPCs. Anonymous ones (register, login, refresh, the
 * gateway's authentication calls, standing, MFA enrollment, accepting an
 * invitation, external sign-in) take no principal; the rest act
 * for the caller the gateway authenticated.
 */
export function createIdentityHandlers(ctx: IdentityContext): IdentityHandlers {
  return {
    register: (req) => register(ctx, req),
    verifyEmail: (req) => verifyEmail(ctx, req),
    login: (req) => login(ctx, req),
    refreshToken: (req) => refreshToken(ctx, req),
    getSigningKeys: async () => ({ jwksJson: JSON.stringify(await ctx.keys.jwks()) }),
    authenticateAccessToken: (req) => authenticateAccessToken(ctx, req),
    authenticateApiKey: (req) => authenticateApiKey(ctx, req),
    getMe: (_req, call) => getMe(ctx, requirePrincipal(call)),
    getAccount: (req, call) => getAccount(ctx, requirePrincipal(call), req),
    createSubaccount: (req, call) => createSubaccount(ctx, requirePrincipal(call), req),
    listSubaccounts: (req, call) => listSubaccountsOf(ctx, requirePrincipal(call), req),
    getSubaccount: (req, call) => getSubaccount(ctx, requirePrincipal(call), req),
    updateSubaccount: (req, call) => changeSubaccount(ctx, requirePrincipal(call), req),
    createApiKey: (req, call) => createApiKey(ctx, requirePrincipal(call), req),
    listApiKeys: (_req, call) => listApiKeysOf(ctx, requirePrincipal(call)),
    updateApiKey: (req, call) => changeApiKey(ctx, requirePrincipal(call), req),
    revokeApiKey: (req, call) => revokeApiKeyOf(ctx, requirePrincipal(call), req),
    getSendingStanding: (req) => getSendingStanding(ctx, req),
    applySubscriptionUpdate: (req, call) => applySubscriptionCallback(ctx, requirePrincipal(call), req),
    loginMfa: (req) => loginMfa(ctx, req),
    getMfaStatus: (_req, call) => getMfaStatus(ctx, requirePrincipal(call)),
    setupTotp: (req, call) => setupTotp(ctx, requirePrincipal(call), req),
    confirmTotp: (req, call) => confirmTotp(ctx, requirePrincipal(call), req),
    regenerateRecoveryCodes: (req, call) => regenerateRecoveryCodes(ctx, requirePrincipal(call), req),
    disableMfa: (req, call) => disableMfa(ctx, requirePrincipal(call), req),
    stepUpWithAuthenticator: (req, call) => stepUpWithAuthenticator(ctx, requirePrincipal(call), req),
    issueEmailOtp: (req, call) => issueEmailOtp(ctx, requirePrincipal(call), req),
    verifyEmailOtp: (req, call) => verifyEmailOtp(ctx, requirePrincipal(call), req),
    getSecurityPolicy: (req, call) => getSecurityPolicy(ctx, requirePrincipal(call), req),
    updateSecurityPolicy: (req, call) => updateSecurityPolicy(ctx, requirePrincipal(call), req),
    enrollMfaSetup: (req) => enrollMfaSetup(ctx, req),
    enrollMfaConfirm: (req) => enrollMfaConfirm(ctx, req),
    inviteUser: (req, call) => inviteUser(ctx, requirePrincipal(call), req),
    acceptInvitation: (req) => acceptInvitation(ctx, req),
    listUsers: (_req, call) => listUsersOf(ctx, requirePrincipal(call)),
    updateUser: (req, call) => updateUser(ctx, requirePrincipal(call), req),
    deactivateUser: (req, call) => deactivateUser(ctx, requirePrincipal(call), req),
    externalLogin: (req) => externalLogin(ctx, req),
    listExternalIdentities: (_req, call) => listExternalIdentities(ctx, requirePrincipal(call)),
    unlinkExternalIdentity: (req, call) => unlinkExternalIdentity(ctx, requirePrincipal(call), req),
    listPasskeys: (_req, call) => listPasskeys(ctx, requirePrincipal(call)),
    startPasskeyRegistration: (_req, call) => startPasskeyRegistration(ctx, requirePrincipal(call)),
    completePasskeyRegistration: (req, call) => completePasskeyRegistration(ctx, requirePrincipal(call), req),
    renamePasskey: (req, call) => renamePasskeyOf(ctx, requirePrincipal(call), req),
    deletePasskey: (req, call) => deletePasskeyOf(ctx, requirePrincipal(call), req),
    startPasskeyLogin: (req) => startPasskeyLogin(ctx, req),
    loginMfaWithPasskey: (req) => loginMfaWithPasskey(ctx, req),
    startPasskeyStepUp: (req, call) => startPasskeyStepUp(ctx, requirePrincipal(call), req),
    stepUpWithPasskey: (req, call) => stepUpWithPasskey(ctx, requirePrincipal(call), req),
  };
}
