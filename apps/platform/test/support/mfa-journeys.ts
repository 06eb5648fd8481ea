import type { ApiClient } from './api-client';
import type { SignedUpUser } from './journeys';
import { totp } from './totp';
import { waitFor } from './wait-for';

export const platformNow = async (api: ApiClient) => new Date((await api.get('/v1/sandbox/clock')).body.now);

/** Moves the sandbox clock to the next 30 s step, so the next authenticator code is a new one. */
export const nextStep = (api: ApiClient, token: string) => api.post('/v1/sandbox/clock/advance', { token, body: { seconds: 30 } });

/** The newest mail to `email` whose text matches `pattern`, once more than `seen` of them have arrived. */
export async function mailedValue(api: ApiClient, email: string, pattern: RegExp, seen = 0): Promise<string> {
  const matching = (items: Array<{ text: string }>) => items.filter((m) => pattern.test(m.text));
  const mail = await waitFor(
    () => api.get(`/v1/sandbox/mailbox?to=${encodeURIComponent(email)}`),
    (r) => r.status === 200 && matching(r.body.items).length > seen,
    { what: `a mail to ${email} matching ${pattern}` },
  );
  return pattern.exec(matching(mail.body.items)[0].text)![1];
}

/** How many mails to `email` match `pattern` now (the mailbox read again while it answers other than 200: a busy or rate-limited gateway). */
export async function mailsMatching(api: ApiClient, email: string, pattern: RegExp): Promise<number> {
  const mailbox = await waitFor(() => api.get(`/v1/sandbox/mailbox?to=${encodeURIComponent(email)}`), (r) => r.status === 200, { what: `the sandbox mailbox of ${email}` });
  return mailbox.body.items.filter((m: { text: string }) => pattern.test(m.text)).length;
}

export const emailCode = (api: ApiClient, email: string, seen = 0) => mailedValue(api, email, /Your code: (\d{6})/, seen);

export async function stepUpByEmail(api: ApiClient, user: SignedUpUser, seen = 0): Promise<string> {
  const issued = await api.post('/v1/email-otp/issue', { token: user.accessToken, body: { action: 'MfaManage' } });
  if (issued.status !== 200) throw new Error(`email-otp/issue answered ${issued.status}: ${issued.text}`);
  const code = await emailCode(api, user.email, seen);
  const res = await api.post('/v1/email-otp/verify', { token: user.accessToken, body: { action: 'MfaManage', code } });
  if (res.status !== 200) throw new Error(`email-otp/verify answered ${res.status}: ${res.text}`);
  return res.body.stepUpToken;
}

/** Turns MFA on for a user without it; returns the authenticator secret and recovery codes. */
export async function enableMfa(api: ApiClient, user: SignedUpUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const stepUp = await stepUpByEmail(api, user);
  const setup = await api.post('/v1/auth/mfa/totp/setup', { token: user.accessToken, headers: { 'x-step-up-token': stepUp } });
  const confirmed = await api.post('/v1/auth/mfa/totp/confirm', { token: user.accessToken, body: { code: totp(setup.body.secret, await platformNow(api)) } });
  if (confirmed.status !== 200) throw new Error(`totp/confirm answered ${confirmed.status}: ${confirmed.text}`);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** A step-up token from the authenticator, on a fresh 30 s step. */
export async function stepUpWithAuthenticator(api: ApiClient, token: string, secret: string, action: string): Promise<string> {
  await nextStep(api, token);
  const res = await api.post('/v1/auth/mfa/step-up', { token, body: { action, code: totp(secret, await platformNow(api)) } });
  if (res.status !== 200) throw new Error(`mfa/step-up answered ${res.status}: ${res.text}`);
  return res.body.stepUpToken;
}
