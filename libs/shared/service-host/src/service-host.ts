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
import { setTimeout as sleep } from 'node:timers/promises';
import { DueWorkRunner } from './due-work-runner';
import type { ShutdownStep } from './graceful-shutdown';
import type { ServiceDegradation } from './readiness';
import type { ServiceClients } from './service-clients';
import { CONSUMER_BATCH_SIZE, schemaOf, type OutboxWriter, type ServiceModule, type ServiceParts } from './service-module';

const JOIN_RETRY_BASE_MS = 500;
const JOIN_RETRY_MAX_MS = 30_000;

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
  private consumersJoined?: Promise<void>;
  /** Abandons joins still pending or retrying once stop() begins. */
  private readonly joining = new AbortController();
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

  /**
   * Migrates, then serves gRPC, publishes and runs due work. `awaitConsumerGroups` (default true)
   * also waits for every consumer group join; a standalone app passes false, so that it reports
   * ready as soon as it can serve its calls (whenConsumersJoined() tells when events flow).
   */
  async start(grpc: { host: string; port: number }, options: { awaitConsumerGroups?: boolean } = {}): Promise<void> {
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
    this.runner.start();
    const awaited = options.awaitConsumerGroups ?? true;
    // Awaited, a failed join fails start() as before; in the background it is retried until it works.
    this.consumersJoined = this.joinConsumers(this.parts.consumers ?? [], !awaited);
    if (awaited) await this.consumersJoined;
    this.logger.info('service started', { grpcPort: this.server.port });
  }

  /**
   * Resolves once every consumer has joined its group (or the host began stopping). Not awaited
   * by start(), a join that fails is retried in the background until it works.
   */
  whenConsumersJoined(): Promise<void> {
    return this.consumersJoined ?? Promise.resolve();
  }

  /**
   * Joins every consumer group side by side (one group join, seconds on Kafka, rather than one per
   * consumer). A member killed without leaving holds the group for its session timeout, so a
   * restarted process may wait that long here: its gRPC calls are served meanwhile, and events wait
   * in the topic (committed offsets, or the oldest event for a new group) until it has joined.
   */
  private async joinConsumers(consumers: NonNullable<ServiceParts['consumers']>, retry: boolean): Promise<void> {
    const { transport } = this.adapters;
    const { signal } = this.joining;
    await Promise.all(
      consumers.map(async (consumer) => {
        const prepare = consumer.prepare?.bind(consumer);
        for (let attempt = 1; !signal.aborted; attempt++) {
          try {
            await transport.ensureTopics(consumer.topics);
            const subscription = await startIdempotentConsumer({
              db: this.db,
              transport,
              logger: this.logger,
              group: consumer.group,
              topics: consumer.topics,
              signal,
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
            if (signal.aborted) await subscription.stop();
            else this.subscriptions.push(subscription);
            return;
          } catch (error) {
            if (signal.aborted) return;
            if (!retry) throw error;
            const retryInMs = Math.min(JOIN_RETRY_MAX_MS, JOIN_RETRY_BASE_MS * 2 ** (attempt - 1));
            this.logger.error('event consumer cannot join its group yet, retrying', { group: consumer.group, attempt, retryInMs, error: String(error) });
            await sleep(retryInMs, undefined, { signal }).catch(() => undefined); // cut short by stop()
          }
        }
      }),
    );
    if (consumers.length > 0 && !signal.aborted) this.logger.info('consumer groups joined', { groups: consumers.map((c) => c.group) });
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
   * What the module reports degraded, named by service. Never fails: a report that cannot be
   * made is itself named, since readiness must not turn 503 over it.
   */
  async degradations(): Promise<ServiceDegradation[]> {
    const service = this.module.name;
    try {
      const reported = (await this.parts?.degradations?.()) ?? [];
      return reported.map((degradation) => ({ service, ...degradation }));
    } catch (error) {
      return [{ service, component: 'readiness', name: 'degradations', reason: `cannot tell: ${(error as Error)?.message ?? String(error)}` }];
    }
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
          this.joining.abort();
          await this.consumersJoined?.catch(() => undefined); // a failed join already failed start()
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
