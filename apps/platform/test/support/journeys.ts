import { randomInt, randomUUID } from 'node:crypto';
import type { ApiClient } from './api-client';
import { waitFor } from './wait-for';

export interface SignedUpUser {
  email: string;
  password: string;
  accountId: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

const usedDestinations = new Set<string>();

/**
 * A phone number no other test uses: random over ten million, because on
 * PostgreSQL every suite of a CI run shares the carrier simulator's tables.
 */
export function freshDestination(): string {
  for (;;) {
    const number = `+1415${String(randomInt(10_000_000)).padStart(7, '0')}`;
    if (!usedDestinations.has(number)) {
      usedDestinations.add(number);
      return number;
    }
  }
}

/** Reads the verification token from the sandbox mailbox, as a newcomer would. */
export async function verificationToken(api: ApiClient, email: string): Promise<string> {
  const mailbox = await waitFor(
    () => api.get(`/v1/sandbox/mailbox?to=${encodeURIComponent(email)}`),
    (r) => r.status === 200 && r.body.items.length > 0,
    { what: `a mail to ${email}` },
  );
  const match = /Verification token: (\S+)/.exec(mailbox.body.items[0].text);
  if (!match) throw new Error(`no token in mail: ${mailbox.body.items[0].text}`);
  return match[1];
}

/** register -> mailbox -> verify -> login. */
export async function signUp(api: ApiClient, tag = 'user'): Promise<SignedUpUser> {
  const email = uniqueEmail(tag);
  const password = 'correct horse battery staple';
  const reg = await api.post('/v1/register', { body: { email, password, organizationName: `Org ${tag}` } });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${reg.text}`);
  const token = await verificationToken(api, email);
  const verified = await api.post('/v1/auth/verify-email', { body: { token } });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${verified.text}`);
  const login = await api.post('/v1/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.text}`);
  return { email, password, accountId: reg.body.accountId, userId: reg.body.userId, ...login.body };
}

/** The sandbox number provisioned at activation (asynchronously, from the AccountActivated event). */
export async function sandboxNumber(api: ApiClient, token: string): Promise<string> {
  const numbers = await waitFor(
    () => api.get('/v1/numbers', { token }),
    (r) => r.status === 200 && r.body.items.some((n: { phoneNumber: string | null }) => n.phoneNumber),
    { what: 'the sandbox number' },
  );
  return numbers.body.items.find((n: { phoneNumber: string | null }) => n.phoneNumber).phoneNumber;
}

export async function waitForStatus(api: ApiClient, user: { accountId: string; accessToken: string }, messageId: string, statuses: string[]) {
  return waitFor(
    () => api.get(`/v1/accounts/${user.accountId}/messages/${messageId}`, { token: user.accessToken }),
    (r) => r.status === 200 && statuses.includes(r.body.status),
    { what: `message ${messageId} to reach ${statuses.join('/')}` },
  );
}
