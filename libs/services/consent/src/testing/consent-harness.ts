import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import { messagingEvents, RECIPIENT_UNSUBSCRIBED_AT_CARRIER, repliesEvents, TOPICS, type consentV1 } from '@mp/contracts';
import type { DatabaseProvider } from '@mp/db';
import { enqueueEvent, type EventEnvelope } from '@mp/events';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { consumeOnce, type OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { consentHandlers } from '../consent.handlers';
import type { ConsentEntryRow } from '../ledger/consent-entry';
import type { OptOutRow } from '../opt-outs/opt-out';
import { carrierOptOutConsumer } from '../carrier-opt-outs/carrier-opt-out.consumer';
import { replyKeywordConsumer } from '../reply-keywords/reply-keyword.consumer';
import { FakeConsentClients } from './fake-consent-clients';
import { openTestDatabase } from './test-database';

export interface ConsentHarness {
  provider: DatabaseProvider;
  db: Knex;
  clock: SandboxClock;
  logger: KeepingLogger;
  /** Identity: knows every subaccount named through subaccountRoute(). */
  clients: FakeConsentClients;
  handlers: ReturnType<typeof consentHandlers>;
  /** Calls a handler as `principal`, as the gRPC server would after checking the method's access. */
  call<K extends keyof ReturnType<typeof consentHandlers>>(
    method: K,
    principal: Principal,
    request: Parameters<ReturnType<typeof consentHandlers>[K]>[0],
  ): ReturnType<ReturnType<typeof consentHandlers>[K]>;
  /** Hands a replies.events envelope to the STOP/START consumer. */
  reply(event: EventEnvelope): Promise<void>;
  /** Hands a messaging.events envelope to the carrier opt-out consumer (passed over, as the host would, unless it is one). */
  messagingEvent(event: EventEnvelope): Promise<void>;
  /** Envelopes enqueued on the outbox, oldest first. */
  outbox(): Promise<EventEnvelope[]>;
  /** Ledger entries, in ledger order. */
  entries(accountId: string): Promise<ConsentEntryRow[]>;
  optOuts(accountId: string): Promise<OptOutRow[]>;
  /** Row counts of every table a change writes: to show a refusal stored nothing. */
  stored(): Promise<Record<'entries' | 'optOuts' | 'records' | 'outbox', number>>;
  close(): Promise<void>;
}

/** A logger that keeps the messages of its warnings and errors. */
type KeepingLogger = Logger & { errors: string[]; warnings: string[] };

function keepingLogger(): KeepingLogger {
  const errors: string[] = [];
  const warnings: string[] = [];
  const logger = {
    errors,
    warnings,
    debug: () => undefined,
    info: () => undefined,
    warn: (message: string) => void warnings.push(message),
    error: (message: string) => void errors.push(message),
    child: () => logger,
  };
  return logger;
}

/** Subaccounts named through subaccountRoute(): the ones the harness's identity knows. */
const namedSubaccounts = new Set<string>();
const subaccountKey = (accountId: string, subaccountId: string) => `${accountId}/${subaccountId}`;

/**
 * The consent handlers and consumer on an in-memory database, with the real
 * outbox, a sandbox clock and a fake identity.
 */
export async function startConsentHarness(): Promise<ConsentHarness> {
  const { provider, db } = await openTestDatabase();
  const clock = new SandboxClock();
  const logger = keepingLogger();
  const outbox: OutboxWriter = { enqueue: (trx, event) => enqueueEvent(trx, event, clock.now()) };
  const clients = new FakeConsentClients((accountId, subaccountId) => namedSubaccounts.has(subaccountKey(accountId, subaccountId)));
  const handlers = consentHandlers({ db, outbox, clock, clients });
  const consumer = replyKeywordConsumer({ outbox, clock, logger });
  const carrierOptOuts = carrierOptOutConsumer({ outbox, clock, logger });
  const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0].n);
  return {
    provider,
    db,
    clock,
    logger,
    clients,
    handlers,
    call: (method, principal, request) =>
      (handlers[method] as (r: unknown, ctx: unknown) => never)(request, { method: `consent.${String(method)}`, principal }),
    reply: (event) => consumeOnce(db, consumer, event),
    messagingEvent: (event) => consumeOnce(db, carrierOptOuts, event),
    outbox: async () =>
      (await db('outbox').orderBy('id').select('envelope')).map((row: { envelope: unknown }) =>
        typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope,
      ),
    entries: (accountId) => db<ConsentEntryRow>('consent_entries').where({ account_id: accountId }).orderBy('position'),
    optOuts: (accountId) => db<OptOutRow>('opt_outs').where({ account_id: accountId }).orderBy([{ column: 'created_at' }, { column: 'id' }]),
    stored: async () => ({
      entries: await count('consent_entries'),
      optOuts: await count('opt_outs'),
      records: await count('opt_in_records'),
      outbox: await count('outbox'),
    }),
    close: () => provider.close(),
  };
}

/** One account's cast: users of each role, keys with each right, and callers limited to subaccount S1. */
export function principalsOf(accountId: string, s1: string) {
  const user = (role: Principal['role'], subaccountId?: string): Principal => ({ kind: 'user', accountId, userId: randomUUID(), role, subaccountId });
  const key = (rights: string[], subaccountId?: string): Principal => ({ kind: 'api_key', accountId, apiKeyId: randomUUID(), rights, subaccountId });
  return {
    admin: user('Admin'),
    manager: user('Manager'),
    member: user('Member'),
    readKey: key(['ReadRecipientConsent']),
    manageKey: key(['ManageRecipientConsent']),
    plainKey: key(['SendMessages', 'ReadMessages']),
    s1Admin: user('Admin', s1),
    s1ManageKey: key(['ManageRecipientConsent'], s1),
  };
}

/** The ConsentRoute of a subaccount route, of a subaccount identity knows (one of the account's); or of the account route. */
export function subaccountRoute(accountId: string, subaccountId: string): consentV1.ConsentRoute {
  namedSubaccounts.add(subaccountKey(accountId, subaccountId));
  return { accountId, subaccountId, subaccountRoute: true };
}
/** A subaccount route naming a subaccount identity does not know (a random id, or another account's). */
export const unknownSubaccountRoute = (accountId: string, subaccountId = randomUUID()): consentV1.ConsentRoute => ({ accountId, subaccountId, subaccountRoute: true });
export const accountRoute = (accountId: string): consentV1.ConsentRoute => ({ accountId, subaccountRoute: false });

let lastReceivedAt = 0;
/** Now, but later than every earlier call: replies built one after another are received in that order. */
const nextReceivedAt = () => new Date((lastReceivedAt = Math.max(Date.now(), lastReceivedAt + 1))).toISOString();

/** A MessageReceived as replies publishes it (proto JSON with nulls); received after any built before it unless told. */
export function messageReceived(overrides: Partial<repliesEvents.MessageReceived> & Pick<repliesEvents.MessageReceived, 'accountId'>): EventEnvelope {
  const message: repliesEvents.MessageReceived = {
    inboundMessageId: randomUUID(),
    channelType: 'Sms',
    from: '+14155550100',
    to: '+15550000001',
    body: 'STOP',
    receivedAt: nextReceivedAt(),
    keyword: 'Stop',
    afterExpiry: false,
    ...overrides,
  };
  return {
    id: randomUUID(),
    type: 'MessageReceived',
    version: 1,
    topic: TOPICS.replies,
    key: message.from,
    occurredAt: message.receivedAt,
    payload: {
      ...message,
      subaccountId: message.subaccountId ?? null,
      keyword: message.keyword ?? null,
      inReplyTo: null,
      reply: null,
    },
  };
}

/** The DomainError a call was refused with (fails the test when it succeeded). */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const outcome = await promise.then(
    () => new Error('expected a refusal, the call succeeded'),
    (e: unknown) => e,
  );
  if (!(outcome instanceof DomainError)) throw outcome;
  return outcome;
}

/**
 * A messaging.events lifecycle event as messaging publishes it (proto JSON): by default the MessageRejected of
 * a send the carrier refused because the recipient unsubscribed there, from `fromAddress`, refused now.
 */
export function carrierRefusal(
  overrides: Partial<messagingEvents.MessageLifecycleEvent> & Pick<messagingEvents.MessageLifecycleEvent, 'accountId' | 'destination'>,
  type = 'MessageRejected',
): EventEnvelope {
  const message: messagingEvents.MessageLifecycleEvent = {
    messageId: randomUUID(),
    channelType: 'Sms',
    previousState: 'queued',
    state: 'failed',
    reason: RECIPIENT_UNSUBSCRIBED_AT_CARRIER,
    replyOptions: [],
    occurredAt: new Date().toISOString(),
    attempt: 1,
    fromAddress: '+15550000001',
    ...overrides,
  };
  return {
    id: randomUUID(),
    type,
    version: 1,
    topic: TOPICS.messaging,
    key: message.messageId,
    occurredAt: message.occurredAt,
    payload: messagingEvents.MessageLifecycleEvent.toJSON(message) as Record<string, unknown>,
  };
}
