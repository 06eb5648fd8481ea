import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import type { messagingV1 } from '@mp/contracts';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { enqueueEvent, enqueueEvents, type EventEnvelope } from '@mp/events';
import type { CallContext, Principal } from '@mp/grpc';
import { consumeOnce, type OutboxWriter } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { MessagingConfig } from '../config/messaging-config';
import { createMessaging, type Messaging } from '../messaging.module';
import { messagingMigrations } from '../migrations';
import { RECEIPT_CONSUMER_GROUP } from '../receipts/receipt.consumer';
import { REPLY_ANSWER_CONSUMER_GROUP } from '../replies/reply-answer.consumer';
import { DEFAULT_PRICE_TABLE } from '../rules';
import { CarrierStub, stubWhatsAppConnection } from './carrier-stub';
import { FakeClients } from './fake-clients';

export interface Harness {
  provider: DatabaseProvider;
  db: Knex;
  clock: SandboxClock;
  clients: FakeClients;
  carrier: CarrierStub;
  messaging: Messaging;
  accountId: string;
  /** An API key of the account (SendMessages, ReadMessages). */
  principal: Principal;
  /** A signed-in Admin of the account: templates take a user. */
  user: Principal;
  send(overrides?: Partial<messagingV1.SendMessageRequest>, principal?: Principal): Promise<messagingV1.Message>;
  get(messageId: string, principal?: Principal, subaccountId?: string): Promise<messagingV1.Message>;
  dispatch(): Promise<number>;
  /** One run of the scheduled-release job (sendAt reached). */
  releaseDue(): Promise<number>;
  cancel(messageId: string, principal?: Principal, subaccountId?: string): Promise<messagingV1.Message>;
  list(query?: Partial<messagingV1.ListMessagesRequest>, principal?: Principal): Promise<messagingV1.ListMessagesResponse>;
  /** Staff calls, with the `system` principal internal tools use. */
  hold(reason?: string): Promise<messagingV1.AccountSendingHold>;
  releaseHold(): Promise<messagingV1.AccountSendingHold>;
  receipt(payload: Record<string, unknown>): Promise<void>;
  /** Several receipts as one consumed batch (the consumer's applyAll in one transaction). */
  receipts(payloads: Array<Record<string, unknown>>): Promise<void>;
  createTemplate(
    request: Partial<Omit<messagingV1.CreateTemplateRequest, 'fields'>> & { fields?: messagingV1.TemplateFields },
    principal?: Principal,
  ): Promise<messagingV1.TemplateWritten>;
  updateTemplate(
    templateId: string,
    request: Partial<Omit<messagingV1.UpdateTemplateRequest, 'fields'>> & { fields?: messagingV1.TemplateFields },
    principal?: Principal,
  ): Promise<messagingV1.Template>;
  getTemplate(templateId: string, principal?: Principal): Promise<messagingV1.Template>;
  listTemplates(query?: Partial<messagingV1.ListTemplatesRequest>, principal?: Principal): Promise<messagingV1.ListTemplatesResponse>;
  renderTemplate(templateId: string, templateParameters: Record<string, string>, principal?: Principal): Promise<messagingV1.RenderedTemplate>;
  /** A MessageReceived from the replies service, straight to the answer consumer (no dedup by event id). */
  reply(payload: Record<string, unknown>): Promise<void>;
  /** One run of the reply-window job (Awaiting -> Expired). */
  expireReplyWindows(): Promise<number>;
  events(messageId: string): Promise<Array<{ type: string; payload: Record<string, unknown> }>>;
  close(): Promise<void>;
}

export interface TestDatabase {
  provider: DatabaseProvider;
  db: Knex;
  /** Empties the service's tables between tests (cheaper than a new PGlite each time). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** An in-memory PGlite migrated with messaging's migrations, shared by a spec file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const provider = createDatabaseProvider({ dataDir: ':memory:' });
  const db = provider.forSchema('messaging');
  await migrateLatest(db, 'messaging', messagingMigrations);
  return {
    provider,
    db,
    reset: async () => {
      await db.raw('truncate templates, message_idempotency_keys, message_charges, carrier_events, early_receipts, message_audit, message_channel_attempts, messages, account_sending_holds, quota_usage, outbox, processed_events restart identity');
    },
    close: () => provider.close(),
  };
}

/** What an internal staff tool presents (the gateway never sends `system`). */
export const staff = (accountId: string): Principal => ({ kind: 'system', accountId });

/**
 * The service on the test database with the real outbox, the sandbox clock,
 * a real HTTP carrier on port 0 (the Carrier API for SMS, Meta's Cloud API for
 * WhatsApp) and the other services as fakes.
 */
export async function startHarness(database: TestDatabase, config: Partial<MessagingConfig> = {}): Promise<Harness> {
  const { provider, db } = database;
  const clock = new SandboxClock();
  const clients = new FakeClients();
  const carrier = await new CarrierStub().start();
  const outbox: OutboxWriter = {
    enqueue: (trx, event) => enqueueEvent(trx, event, clock.now()),
    enqueueAll: (trx, events) => enqueueEvents(trx, events, clock.now()),
  };
  // SMS over the Carrier API, WhatsApp over Meta's Cloud API, both to the stub; a spec's own connections replace the latter.
  const ownConnections = config.CARRIER_CONNECTIONS !== undefined || config.CARRIER_CONNECTIONS_FILE !== undefined;
  const messaging = createMessaging({
    config: {
      CARRIER_API_URL: carrier.url,
      ...(ownConnections ? {} : { CARRIER_CONNECTIONS: JSON.stringify([stubWhatsAppConnection(carrier.url)]) }),
      PRICE_TABLE: DEFAULT_PRICE_TABLE,
      DISPATCH_ENABLED: true,
      DISPATCH_MAX_ATTEMPTS: 5,
      DISPATCH_MAX_DEFERRALS: 10,
      ...config,
    },
    db,
    outbox,
    clock,
    logger: createLogger('silent'),
    clients,
    sandbox: true,
  });
  const accountId = randomUUID();
  const principal: Principal = { kind: 'api_key', accountId, apiKeyId: 'key-1', rights: ['SendMessages', 'ReadMessages'] };
  const ctx = (p: Principal): CallContext => ({ method: 'test', principal: p });
  const user: Principal = { kind: 'user', accountId, userId: randomUUID(), role: 'Admin' };
  const consumerOf = (group: string) => {
    const found = (messaging.parts.consumers ?? []).find((c) => c.group === group);
    if (!found) throw new Error(`no consumer ${group}`);
    return found;
  };
  const envelope = (type: string, topic: string, key: string, payload: Record<string, unknown>): EventEnvelope => ({
    id: randomUUID(),
    type,
    version: 1,
    topic,
    key,
    occurredAt: clock.now().toISOString(),
    payload,
  });

  return {
    provider,
    db,
    clock,
    clients,
    carrier,
    messaging,
    accountId,
    principal,
    send: (overrides = {}, p = principal) =>
      messaging.handlers.sendMessage(
        { accountId, subaccountRoute: false, templateParameters: {}, destination: '+14155550123', body: 'Your code is 1234', ...overrides },
        ctx(p),
      ),
    get: (messageId, p = principal, subaccountId) =>
      messaging.handlers.getMessage({ accountId, messageId, subaccountId }, ctx(p)),
    dispatch: () => messaging.dispatcher.job.runDue(),
    releaseDue: () => messaging.scheduled.job.runDue(),
    cancel: (messageId, p = principal, subaccountId) =>
      messaging.handlers.cancelMessage({ accountId, messageId, subaccountId }, ctx(p)),
    list: (query = {}, p = principal) => messaging.handlers.listMessages({ accountId, subaccountRoute: false, ...query }, ctx(p)),
    hold: (reason) => messaging.handlers.holdAccountSending({ accountId, reason, operator: 'staff@test' }, ctx(staff(accountId))),
    releaseHold: () => messaging.handlers.releaseAccountSending({ accountId, operator: 'staff@test' }, ctx(staff(accountId))),
    user,
    // Straight to the handler, without the host's dedup by event id: a
    // repeated receipt must still change the message once.
    receipt: (payload) =>
      consumeOnce(db, consumerOf(RECEIPT_CONSUMER_GROUP), envelope('CarrierReceiptReceived', 'carrier.receipts', String(payload.messageId), payload)),
    receipts: async (payloads) => {
      const consumer = consumerOf(RECEIPT_CONSUMER_GROUP);
      const items = payloads.map((payload) => {
        const event = envelope('CarrierReceiptReceived', 'carrier.receipts', String(payload.messageId), payload);
        return { prepared: event, event };
      });
      await db.transaction((trx) => consumer.applyAll!(trx, items));
    },
    createTemplate: (request, p = user) =>
      messaging.handlers.createTemplate({ accountId, ...request, fields: request.fields ?? {} }, ctx(p)),
    updateTemplate: (templateId, request, p = user) =>
      messaging.handlers.updateTemplate({ accountId, templateId, ...request, fields: request.fields ?? {} }, ctx(p)),
    getTemplate: (templateId, p = user) => messaging.handlers.getTemplate({ accountId, templateId }, ctx(p)),
    listTemplates: (query = {}, p = user) => messaging.handlers.listTemplates({ accountId, ...query }, ctx(p)),
    renderTemplate: (templateId, templateParameters, p = user) =>
      messaging.handlers.renderTemplate({ accountId, templateId, templateParameters }, ctx(p)),
    reply: (payload) =>
      consumeOnce(db, consumerOf(REPLY_ANSWER_CONSUMER_GROUP), envelope('MessageReceived', 'replies.events', String(payload.from ?? 'x'), payload)),
    expireReplyWindows: () => messaging.replyWindow.runDue(),
    events: async (messageId) =>
      (await db('outbox').where({ key: messageId }).orderBy('id').select('type', 'envelope')).map(
        (row: { type: string; envelope: string | { payload: Record<string, unknown> } }) => ({
          type: row.type,
          payload: (typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope).payload,
        }),
      ),
    close: async () => {
      await messaging.scheduled.idle();
      await messaging.dispatcher.stop();
      await carrier.stop();
      await database.reset();
    },
  };
}
