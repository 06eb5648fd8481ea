import type { Principal } from '@mp/grpc';
import { base32Decode } from '../mfa/base32';
import { totpAt } from '../mfa/totp';
import { as, type IdentityHarness } from './identity-harness';

/** The code of the newest step-up mail to `to`, read the way the API tests read the sandbox mailbox. */
export async function emailOtpFor(h: IdentityHarness, to: string): Promise<string> {
  const mail = await h.db('outgoing_mail').where({ to_address: to, kind: 'step_up_code' }).orderBy('created_at', 'desc').first();
  const code = /Your code: (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no step-up code mail for ${to}`);
  return code;
}

/** The authenticator code for the sandbox clock's now (plus whole steps). */
export function totpFor(h: IdentityHarness, secret: string, stepsAhead = 0): string {
  return totpAt(base32Decode(secret), new Date(h.clock.now().getTime() + stepsAhead * 30_000));
}

/** Moves to the next 30 s step, so a fresh code is accepted after one was used. */
export function nextStep(h: IdentityHarness): void {
  h.clock.advance(30);
}

export async function stepUpByEmail(h: IdentityHarness, principal: Principal, email: string, action = 'MfaManage'): Promise<string> {
  await h.handlers.issueEmailOtp({ action }, as(principal));
  const token = await h.handlers.verifyEmailOtp({ action, code: await emailOtpFor(h, email) }, as(principal));
  return token.stepUpToken;
}

/** Email step-up, setup and confirm: MFA on. The clock is on the step after the confirming code. */
export async function enableMfa(h: IdentityHarness, user: { principal: Principal; email: string }) {
  const stepUpToken = await stepUpByEmail(h, user.principal, user.email);
  const setup = await h.handlers.setupTotp({ stepUpToken }, as(user.principal));
  const { recoveryCodes } = await h.handlers.confirmTotp({ code: totpFor(h, setup.secret) }, as(user.principal));
  nextStep(h);
  return { secret: setup.secret, otpauthUrl: setup.otpauthUrl, recoveryCodes };
}
