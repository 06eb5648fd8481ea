import { isSandboxClock, type Clock } from '@mp/clock';
import { platformV1 } from '@mp/contracts';
import { migrateLatest, type DatabaseProvider } from '@mp/db';
import {
  enqueueEventIfInserted,
  enqueueEvents,
  eventTablesMigration,
  OutboxRelay,
  outboxInsertOf,
  relayPollIntervalFor,
  startIdempotentConsumer,
  type EventTransport,
  type OutboxEvent,
  type Subscription,
} from '@mp/events';
import { CallTokenVerifier, CUSTOMER, implementService, startGrpcServer, type CallKeys, type RunningGrpcServer } from '@mp/grpc';
import { currentTraceparent, SpanKind, withSpan, type Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { DueWorkRunner } from './due-work-runner';
import type { ShutdownStep } from './graceful-shutdown';
import type { ServiceClients } from './service-clients';
import { CONSUMER_BATCH_SIZE, schemaOf, type OutboxWriter, type ServiceModule, type ServiceParts } from './service-module';

export interface HostAdapters {
  databases: DatabaseProvider;
  transport: EventTransport;
  clock: Clock;
  logger: Logger;
  /** Signs as the process it is given to; each hosted service calls as itself (`clients.as`). */
  clients: ServiceClients;
  /** Which call tokens this process accepts. */
  callKeys: CallKeys;
  sandbox: boolean;
}

/**
 * Runs one service module: migrations, gRPC server (its services plus the
 * AdminService), outbox relay, idempotent consumers and due-work jobs.
 * Used by a standalone app and, once per service, by the all-in-one process.
 */
export class ServiceHost<C> {
  private server?: RunningGrpcServer;
  private relay?: OutboxRelay;
  private runner?: DueWorkRunner;
  private parts?: ServiceParts;
  private subscriptions: Subscription[] = [];
  private stopping = false;
  private readonly db: Knex;
  private readonly logger: Logger;
  private readonly clients: ServiceClients;
  private readonly verifier: CallTokenVerifier;

  constructor(
    readonly module: ServiceModule<C>,
    private readonly config: C,
    private readonly adapters: HostAdapters,
  ) {
    this.db = adapters.databases.forSchema(schemaOf(module.name));
    this.logger = adapters.logger.child({ service: module.name });
    this.clients = adapters.clients.as(module.name);
    this.verifier = new CallTokenVerifier(adapters.callKeys, module.name);
  }

  get port(): number {
    if (!this.server) throw new Error(`${this.module.name} is not started`);
    return this.server.port;
  }

  async start(grpc: { host: string; port: number }): Promise<void> {
    const { transport, clock, sandbox } = this.adapters;
    const clients = this.clients;
    // Every hosted service has an outbox, processed-event and dead-letter table: the relay and consumers rely on them.
    const migrations = this.module.migrations.some((m) => m.name === eventTablesMigration.name)
      ? this.module.migrations
      : [eventTablesMigration, ...this.module.migrations];
    await migrateLatest(this.db, schemaOf(this.module.name), migrations);
    const relay = new OutboxRelay({ db: this.db, transport, logger: this.logger, pollIntervalMs: relayPollIntervalFor(this.adapters.databases) });
    this.relay = relay;
    const traced = (events: OutboxEvent[]) => {
      const traceparent = currentTraceparent();
      return events.map((event) => ({ ...event, traceparent: event.traceparent ?? traceparent }));
    };
    // Publish as soon as the transaction commits: the relay's poll is only a safety net.
    const kickAfterCommit = (trx: Knex.Transaction) =>
      trx.executionPromise?.then(
        () => relay.kick(),
        () => undefined,
      );
    const enqueueAll: NonNullable<OutboxWriter['enqueueAll']> = async (trx, events) => {
      const envelopes = await enqueueEvents(trx, traced(events), clock.now());
      kickAfterCommit(trx);
      return envelopes;
    };
    const outbox: OutboxWriter = {
      enqueue: async (trx, event) => (await enqueueAll(trx, [event]))[0],
      enqueueAll,
      async enqueueWithin(db, events, write) {
        const written = await write(outboxInsertOf(traced(events), clock.now()).statement);
        if (db.isTransaction) kickAfterCommit(db as Knex.Transaction);
        else relay.kick(); // a statement of its own: it has committed
        return written;
      },
      async enqueueIfInserted(db, insert, event) {
        const envelope = await enqueueEventIfInserted(db, insert, traced([event])[0], clock.now());
        if (envelope) relay.kick(); // the statement has committed
        return envelope;
      },
    };
    this.parts = await this.module.create({ config: this.config, db: this.db, outbox, clock, logger: this.logger, clients, sandbox, transport });
    this.runner = new DueWorkRunner(this.parts.jobs ?? [], this.logger);
    const admin = implementService(
      platformV1.AdminServiceService,
      {
        setSandboxClock: async (req) => {
          if (!isSandboxClock(clock)) throw new Error('the sandbox clock is off');
          if (req.now) clock.setAtLeast(new Date(req.now));
          const jobsRun = await this.runDueWork();
          return { now: clock.now().toISOString(), jobsRun };
        },
      },
      this.logger,
      // The gateway moves the sandbox clock for the customer who asked.
      { setSandboxClock: CUSTOMER },
    );
    this.server = await startGrpcServer({ ...grpc, services: [...this.parts.grpc, admin], verifier: this.verifier });
    await this.parts.start?.();
    relay.start();
    // Groups are independent: joining them side by side keeps start-up at one
    // group join (seconds on a Kafka cluster) rather than one per consumer.
    const started = await Promise.allSettled(
      (this.parts.consumers ?? []).map(async (consumer) => {
        await transport.ensureTopics(consumer.topics);
        const prepare = consumer.prepare?.bind(consumer);
        return startIdempotentConsumer({
          db: this.db,
          transport,
          logger: this.logger,
          group: consumer.group,
          topics: consumer.topics,
          batchSize: consumer.batchSize ?? CONSUMER_BATCH_SIZE,
          eventTypes: consumer.eventTypes,
          actionable: consumer.actionable?.bind(consumer),
          // Both steps continue the producer's trace, so the calls and events they make belong to it too.
          prepare: prepare
            ? (event) => withSpan(`prepare ${event.type}`, { traceparent: event.traceparent, kind: SpanKind.CONSUMER }, () => prepare(event))
            : undefined,
          apply: (trx, prepared, event) =>
            withSpan(`consume ${event.type}`, { traceparent: event.traceparent, kind: SpanKind.CONSUMER }, () => consumer.apply(trx, prepared, event)),
          applyAll: consumer.applyAll
            ? (trx, items) => withSpan(`consume ${items.length} events`, { kind: SpanKind.CONSUMER }, () => consumer.applyAll!(trx, items))
            : undefined,
        });
      }),
    );
    // Keep the ones that started so stop() closes them even when another failed.
    for (const result of started) if (result.status === 'fulfilled') this.subscriptions.push(result.value);
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    this.runner.start();
    this.logger.info('service started', { grpcPort: this.server.port });
  }

  /** Runs every due job once now (the sandbox clock moved). */
  runDueWork(): Promise<number> {
    return this.runner ? this.runner.runAllNow() : Promise.resolve(0);
  }

  /** Unready from the moment it starts stopping, so no new traffic is routed to it. */
  async ready(): Promise<void> {
    if (this.stopping) throw new Error(`${this.module.name} is stopping`);
    await this.db.raw('select 1');
    await this.parts?.ready?.();
  }

  /**
   * A graceful stop (issue 14 point 8), in the order that leaves nothing
   * half done: unready; the gRPC server takes no new calls and lets the ones
   * in flight finish (bounded, then forced); due-work jobs claim nothing more,
   * finish what they started and give back the rest (message leases);
   * consumers stop fetching, finish the batch in hand and commit its offsets;
   * the relay ends its pass in hand (rows still in the outbox wait for the
   * next process); then the module's own parts.
   */
  async stop(): Promise<void> {
    for (const step of this.stopSteps()) await step.run();
  }

  /** stop() as named steps, so a process's shutdown can say which one the grace ran out in. */
  stopSteps(): ShutdownStep[] {
    const name = this.module.name;
    return [
      {
        name: `${name}: gRPC calls in flight`,
        run: async () => {
          this.stopping = true;
          await this.server?.stop();
          this.server = undefined;
        },
      },
      { name: `${name}: due work in hand`, run: () => this.runner?.stop() },
      {
        name: `${name}: consumer batches in hand`,
        run: async () => {
          await Promise.all(this.subscriptions.map((s) => s.stop()));
          this.subscriptions = [];
        },
      },
      { name: `${name}: outbox relay`, run: () => this.relay?.stop() },
      {
        name: `${name}: service parts`,
        run: async () => {
          await this.parts?.stop?.();
          this.clients.close();
        },
      },
    ];
  }
}
