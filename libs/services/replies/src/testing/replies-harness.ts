import { SandboxClock } from '@mp/clock';
import type { DatabaseProvider } from '@mp/db';
import { enqueueEvent, type EventEnvelope } from '@mp/events';
import { consumeOnce, type OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { InboundMessageRow } from '../inbound-messages/inbound-message';
import { carrierInboundConsumer } from '../receiving/carrier-inbound.consumer';
import { messageDispatchedConsumer } from '../sent-messages/message-dispatched.consumer';
import { FakeRepliesClients } from './fake-replies-clients';
import { openTestDatabase } from './test-database';

export interface RepliesHarness {
  provider: DatabaseProvider;
  db: Knex;
  clock: SandboxClock;
  clients: FakeRepliesClients;
  logger: Logger & { warnings: string[] };
  /** Hands an event to the messaging-events consumer. */
  messagingEvent(event: EventEnvelope): Promise<void>;
  /** Hands several events to the messaging-events consumer as one consumed batch (its applyAll). */
  messagingEvents(events: EventEnvelope[]): Promise<void>;
  /** Hands an event to the carrier-inbound consumer. */
  inbound(event: EventEnvelope): Promise<void>;
  /** The stored reply with this carrier message id. */
  reply(carrierMessageId: string): Promise<InboundMessageRow | undefined>;
  /** Envelopes enqueued on the outbox, oldest first. */
  outbox(): Promise<EventEnvelope[]>;
  close(): Promise<void>;
}

/** A logger that keeps warnings so a test can see what was skipped. */
function keepingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const logger = {
    warnings,
    debug: () => undefined,
    info: () => undefined,
    warn: (message: string) => void warnings.push(message),
    error: (message: string) => void warnings.push(message),
    child: () => logger,
  };
  return logger;
}

/** Replies' consumers on an in-memory database with the real outbox, a sandbox clock and fake routing/messaging. */
export async function startRepliesHarness(): Promise<RepliesHarness> {
  const { provider, db } = await openTestDatabase();
  const clock = new SandboxClock();
  const clients = new FakeRepliesClients();
  const logger = keepingLogger();
  const outbox: OutboxWriter = { enqueue: (trx, event) => enqueueEvent(trx, event, clock.now()) };
  const dispatched = messageDispatchedConsumer({ clock, logger });
  const inbound = carrierInboundConsumer({ clients, outbox, clock, logger });
  return {
    provider,
    db,
    clock,
    clients,
    logger,
    messagingEvent: (event) => consumeOnce(db, dispatched, event),
    messagingEvents: (events) => db.transaction((trx) => dispatched.applyAll!(trx, events.map((event) => ({ prepared: event, event })))),
    inbound: (event) => consumeOnce(db, inbound, event),
    reply: (carrierMessageId) => db<InboundMessageRow>('inbound_messages').where({ carrier_message_id: carrierMessageId }).first(),
    outbox: async () =>
      (await db('outbox').orderBy('id').select('envelope')).map((row: { envelope: unknown }) =>
        typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope,
      ),
    close: () => provider.close(),
  };
}
