import type { Principal } from '@mp/grpc';
import { decodeJwt } from 'jose';
import { as, PASSWORD, uniqueEmail, type IdentityHarness } from './identity-harness';
import { nextStep, totpFor } from './mfa-helpers';

/** The token of the newest invitation mail to `to`, read from outgoing_mail the way the API tests read the sandbox mailbox. */
export async function invitationTokenFor(h: IdentityHarness, to: string): Promise<string> {
  const mail = await h.db('outgoing_mail').where({ to_address: to, kind: 'user_invitation' }).orderBy('created_at', 'desc').first();
  const token = /^Invitation token: (\S+)$/m.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail for ${to}`);
  return token;
}

/** The principal the gateway would get for an access token (AuthenticateAccessToken). */
export async function principalOf(h: IdentityHarness, accessToken: string): Promise<Principal> {
  const claims = decodeJwt(accessToken);
  const principal = await h.handlers.authenticateAccessToken({ sessionId: claims.sid as string, userId: claims.sub! }, as());
  return principal as Principal;
}

/** Invites a user as `by` and accepts the invitation: signed in, with its principal. */
export async function inviteAndAccept(h: IdentityHarness, by: Principal, role: string, subaccountId?: string, email = uniqueEmail(role.toLowerCase())) {
  const user = await h.handlers.inviteUser({ email, role, subaccountId }, as(by));
  const tokens = await h.handlers.acceptInvitation({ token: await invitationTokenFor(h, email), password: PASSWORD }, as());
  return { email, userId: user.userId, accountId: user.accountId, tokens, principal: await principalOf(h, tokens.accessToken) };
}

/** An Admin with MFA on (the authenticator `secret`) turns on the account's MFA requirement. */
export async function requireMfaForAccount(h: IdentityHarness, admin: { principal: Principal; accountId: string }, secret: string): Promise<void> {
  const { stepUpToken } = await h.handlers.stepUpWithAuthenticator({ action: 'AccountSecurityPolicy', code: totpFor(h, secret) }, as(admin.principal));
  nextStep(h);
  await h.handlers.updateSecurityPolicy({ accountId: admin.accountId, requireMfa: true, stepUpToken }, as(admin.principal));
}
