import { SandboxClock } from '@mp/clock';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { enqueueEvent, type EventEnvelope } from '@mp/events';
import type { CallContext, Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { createServiceClients, testCallKeys, type OutboxWriter } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { KeySetFactory } from '../external-identities/external-provider-registry';
import type { IdentityConfig } from '../identity-config';
import { identityService, type IdentityParts } from '../identity.module';

export interface IdentityHarness {
  databases: DatabaseProvider;
  db: Knex;
  clock: SandboxClock;
  parts: IdentityParts;
  /** What the module was created with, to create it again (a restart) on the same database. */
  deps: Parameters<typeof identityService.create>[0];
  handlers: IdentityParts['handlers'];
  close(): Promise<void>;
}

export const TEST_CONFIG: IdentityConfig = {
  PUBLIC_BASE_URL: 'http://localhost:8080',
  SMTP_URL: undefined,
  MAIL_FROM: 'no-reply@sandbox.messaging.local',
  ACCESS_TOKEN_TTL_SECONDS: 900,
  REFRESH_TOKEN_TTL_SECONDS: 30 * 24 * 3600,
  ACCOUNT_DAILY_QUOTA: undefined,
  ACCOUNT_MONTHLY_QUOTA: undefined,
  EMAIL_VERIFICATION_TTL_SECONDS: 48 * 3600,
  EXTERNAL_IDENTITY_PROVIDERS: [],
  SIGN_IN_LOCKOUT_THRESHOLD: 5,
  SIGN_IN_LOCKOUT_WINDOW_SECONDS: 900,
  SIGN_IN_LOCKOUT_SECONDS: 900,
  WEBAUTHN_RP_ID: undefined,
  WEBAUTHN_RP_NAME: 'Messaging Platform',
  WEBAUTHN_ORIGINS: undefined,
};

/**
 * The identity module running for real on an in-memory PGlite: its own
 * migrations, the real outbox writer, a sandbox clock and a silent logger.
 * Handlers are called directly, as the gRPC server would call them.
 */
export async function startIdentity(config: Partial<IdentityConfig> = {}, extra: { externalKeySets?: KeySetFactory } = {}): Promise<IdentityHarness> {
  const databases = createDatabaseProvider({ dataDir: ':memory:' });
  const db = databases.forSchema('identity');
  await migrateLatest(db, 'identity', identityService.migrations);
  const clock = new SandboxClock();
  const outbox: OutboxWriter = { enqueue: (trx, event) => enqueueEvent(trx, event, clock.now()) };
  // Handlers are called directly: these clients are never used to call out.
  const clients = createServiceClients({}, { signer: (await testCallKeys()).gateway });
  const deps = { config: { ...TEST_CONFIG, ...config }, db, outbox, clock, logger: createLogger('silent'), clients, sandbox: true, ...extra };
  const parts = await identityService.create(deps);
  await parts.start?.();
  return {
    databases,
    db,
    clock,
    parts,
    deps,
    handlers: parts.handlers,
    async close() {
      await parts.stop?.();
      clients.close();
      await databases.close();
    },
  };
}

/** The call context a gRPC call from the gateway would carry. */
export function as(principal?: Principal): CallContext {
  return { method: '/identity.v1.IdentityService/Test', principal };
}

/** Resolves to the DomainError code a call fails with, or 'ok'. */
export async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.code;
  }
}

/** The token of the newest verification mail queued for `to`, read from outgoing_mail. */
export async function verificationTokenFor(h: IdentityHarness, to: string): Promise<string> {
  const mail = await h.db('outgoing_mail').where({ to_address: to, kind: 'email_verification' }).orderBy('created_at', 'desc').first();
  const token = /^Verification token: (\S+)$/m.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification mail for ${to}`);
  return token;
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${process.pid}.${++counter}@example.com`;
export const PASSWORD = 'correct horse battery';

/** Registers, verifies and signs in a new account's Admin: the usual starting point. */
export async function signUp(h: IdentityHarness, email = uniqueEmail()) {
  const registered = await h.handlers.register({ email, password: PASSWORD, organizationName: 'Acme' }, as());
  await h.handlers.verifyEmail({ token: await verificationTokenFor(h, email) }, as());
  const tokens = await h.handlers.login({ email, password: PASSWORD }, as());
  const principal: Principal = { kind: 'user', accountId: registered.accountId, userId: registered.userId, role: 'Admin', rights: [] };
  return { email, accountId: registered.accountId, userId: registered.userId, tokens, principal };
}

/** Events of a type the module wrote to its outbox (committed), oldest first. */
export async function outboxEvents(h: IdentityHarness, type: string, key: string): Promise<EventEnvelope[]> {
  const rows = await h.db('outbox').where({ type, key }).orderBy('id');
  return rows.map((r: { envelope: unknown }) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope) as EventEnvelope);
}

/** The DomainError a call fails with (to look at its extensions); fails the test when the call succeeds. */
export async function errorOf(call: Promise<unknown>): Promise<DomainError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A code that is not `code`, of the same shape. */
export const otherCode = (code: string): string => (code === '000000' ? '111111' : '000000');
