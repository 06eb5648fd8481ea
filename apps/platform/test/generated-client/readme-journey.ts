import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './public-api';

/**
 * The README walkthrough (register, read the mailbox, verify, sign in, create
 * a key, send, read the message until delivered, one refusal) written the way
 * an integrator writes it: against the client openapi-fetch builds from the
 * `paths` type openapi-typescript generated from /openapi/public.json. Calls
 * name paths, not operationIds, so renaming an operation breaks nothing a
 * client relies on; a removed path or a renamed field fails the type-check.
 */
export interface Newcomer {
  email: string;
  password: string;
  organizationName: string;
  destination: string;
}

export interface JourneyOptions {
  /** Checks every exchange against the document (document-agreement.ts). */
  middleware?: Middleware[];
  /** How long the message may take to be delivered. */
  deliveryBoundMs?: number;
}

const POLL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function readmeJourney(baseUrl: string, newcomer: Newcomer, options: JourneyOptions = {}) {
  const client = createClient<paths>({ baseUrl });
  for (const middleware of options.middleware ?? []) client.use(middleware);
  const { email, password, organizationName, destination } = newcomer;

  // 1. Register: the account is pending until the email is verified.
  const registered = await client.POST('/v1/register', { body: { email, password, organizationName } });
  if (!registered.data) throw new Error(`register answered ${registered.response.status}`);
  const { accountId } = registered.data;

  // 2. The verification email, read in the sandbox mailbox (it goes out within a second).
  let mailbox = await client.GET('/v1/sandbox/mailbox', { params: { query: { to: email } } });
  for (let tries = 0; mailbox.data && mailbox.data.items.length === 0 && tries < 50; tries++) {
    await sleep(POLL_MS);
    mailbox = await client.GET('/v1/sandbox/mailbox', { params: { query: { to: email } } });
  }
  const mail = mailbox.data?.items[0];
  const token = mail ? /Verification token: (\S+)/.exec(mail.text)?.[1] : undefined;
  if (!token) throw new Error(`no verification token for ${email}`);

  // 3. Verify, 4. sign in.
  const verified = await client.POST('/v1/auth/verify-email', { body: { token } });
  const signedIn = await client.POST('/v1/auth/login', { body: { email, password } });
  if (!signedIn.data) throw new Error(`login answered ${signedIn.response.status}`);
  const bearer = { Authorization: `Bearer ${signedIn.data.accessToken}` };

  // 5. An API key for the server that sends.
  const key = await client.POST('/v1/api-keys', { headers: bearer, body: { name: 'server' } });
  if (!key.data) throw new Error(`creating a key answered ${key.response.status}`);
  const withKey = { 'X-Api-Key': key.data.key };

  // 6. Send an SMS with the key.
  const sent = await client.POST('/v1/accounts/{accountId}/messages', {
    params: { path: { accountId } },
    headers: withKey,
    body: { destination, body: 'Your appointment is at 10:00', clientReference: 'appt-42' },
  });
  if (!sent.data) throw new Error(`send answered ${sent.response.status}`);
  const { messageId } = sent.data;

  // 7. Read it until it is delivered (the sandbox carrier confirms after about a second).
  const started = Date.now();
  const readMessage = () => client.GET('/v1/accounts/{accountId}/messages/{messageId}', { params: { path: { accountId, messageId } }, headers: withKey });
  let read = await readMessage();
  const statusesSeen = new Set<string>();
  while (read.data && read.data.status !== 'delivered' && Date.now() - started < (options.deliveryBoundMs ?? 15_000)) {
    statusesSeen.add(read.data.status);
    await sleep(POLL_MS);
    read = await readMessage();
  }
  const deliveredAfterMs = Date.now() - started;

  // 8. A refusal, read as problem details: a destination that is no phone number.
  const refused = await client.POST('/v1/accounts/{accountId}/messages', {
    params: { path: { accountId } },
    headers: withKey,
    body: { destination: 'not-a-number', body: 'never sent' },
  });
  const problem = refused.error
    ? { type: refused.error.type, title: refused.error.title, status: refused.error.status, code: refused.error.code, instance: refused.error.instance }
    : undefined;

  // What a caller sees afterwards: the account's messages.
  const listed = await client.GET('/v1/accounts/{accountId}/messages', { params: { path: { accountId } }, headers: withKey });

  return {
    registered: { status: registered.response.status, accountStatus: registered.data.status, accountId, userId: registered.data.userId },
    mailbox: { status: mailbox.response.status, subject: mail?.subject, to: mail?.to },
    verified: { status: verified.response.status },
    signedIn: { status: signedIn.response.status, tokenType: signedIn.data.tokenType },
    key: { status: key.response.status, rights: key.data.rights, prefix: key.data.prefix },
    sent: { status: sent.response.status, messageId, messageStatus: sent.data.status, destination: sent.data.destination, channelType: sent.data.channelType },
    delivered: {
      status: read.response.status,
      messageStatus: read.data?.status,
      deliveredAfterMs,
      statusesSeen: [...statusesSeen],
      transitions: read.data?.auditTrail.map((entry: { toStatus: string | null }) => entry.toStatus),
    },
    refused: { status: refused.response.status, contentType: refused.response.headers.get('content-type'), problem },
    listed: { status: listed.response.status, messageIds: listed.data?.items.map((message: { messageId: string }) => message.messageId) },
  };
}

export type ReadmeJourneyResult = Awaited<ReturnType<typeof readmeJourney>>;
