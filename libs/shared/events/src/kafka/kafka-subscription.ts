import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Consumer, ConsumerRunConfig, EachBatchPayload, EachMessagePayload, ISocketFactory, Kafka, KafkaMessage } from 'kafkajs';
import type { EventEnvelope } from '../event-envelope';
import { batchDelivery, type BatchDelivery, type EventsLogger, type SubscribeOptions, type Subscription } from '../event-transport';
import { backoffDelay, Sleeper } from '../internal/backoff';
import { errorFields } from '../internal/validate';
import { fromKafkaValue } from './kafka-message';

const RETRY_BASE_MS = 100;
const RETRY_MAX_MS = 5_000;
const READY_TIMEOUT_MS = 30_000;
/** Kafka's JoinGroup request key: the first int16 after a request's int32 size. */
const JOIN_GROUP_API_KEY = 11;

/**
 * A kafkajs consumer-group member. Handler failures are retried here, in place, instead of being
 * thrown to kafkajs (which would restart the consumer and rejoin the group on every failure); the
 * message's offset is resolved — and later auto-committed — only once the handler has succeeded.
 */
export class KafkaSubscription implements Subscription {
  private readonly consumer: Consumer;
  /** This member's connections that sent a JoinGroup not yet followed by a completed join: a stop closes them. */
  private readonly joinSockets = new Set<Socket>();
  private readonly backoff = new Sleeper();
  private stopping?: Promise<void>;
  /** Ends start()'s wait for the join when stop() comes first. */
  private abandonJoin?: (error: Error) => void;
  private readonly delivery: BatchDelivery;
  /** What run() was given, for a restart after a crash kafkajs does not restart itself. */
  private runConfig?: ConsumerRunConfig;
  /** Set once start() succeeded: a crash before that fails start() instead. */
  private running = false;
  private restarting = false;
  /** Crashes kafkajs left to us; one during a restart's own run() means that restart failed too. */
  private crashes = 0;

  constructor(
    kafka: (socketFactory: ISocketFactory) => Kafka,
    private readonly options: SubscribeOptions,
    private readonly logger: EventsLogger,
    private readonly onStopped: () => void,
    sessionTimeoutMs?: number,
  ) {
    this.delivery = batchDelivery(options);
    this.consumer = kafka(this.socketFactory).consumer({
      groupId: options.group,
      // kafkajs' defaults (30 s, heartbeat every 3 s) unless configured; the heartbeat stays a tenth of it.
      ...(sessionTimeoutMs ? { sessionTimeout: sessionTimeoutMs, heartbeatInterval: Math.max(500, Math.floor(sessionTimeoutMs / 10)) } : {}),
      // Idle fetches return after this long; it bounds how soon subscribe() can report readiness.
      maxWaitTimeInMs: 1_000,
      // kafkajs restarts a crashed consumer on its own; once stop() began that would bring back a
      // member of a stopped service (its database closed) that takes partitions from the live one.
      retry: { restartOnFailure: async () => !this.stopping },
    });
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => this.joinSockets.clear());
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || !this.running || this.stopping) return;
      this.crashes++;
      void this.restartAfterCrash(payload.error);
    });
  }

  /** The group and topics this member consumes (for the transport's lag reading). */
  get subscribed(): { group: string; topics: string[] } {
    return { group: this.options.group, topics: this.options.topics };
  }

  /** Resolves once the group is joined and offsets are resolved, so events published afterwards are seen. */
  async start(): Promise<void> {
    try {
      await this.consumer.connect();
      await this.consumer.subscribe({ topics: this.options.topics, fromBeginning: this.options.fromBeginning ?? false });
      const ready = this.firstFetchAfterJoin();
      // It may fail (stop(), a crash) while run() is still awaited below: handled there, never unhandled meanwhile.
      ready.catch(() => undefined);
      // One event at a time keeps kafkajs' own per-message offset handling; batches resolve offsets themselves.
      this.runConfig =
        this.delivery.maxSize > 1
          ? { eachBatchAutoResolve: false, eachBatch: (payload) => this.onBatch(payload) }
          : { eachMessage: (payload) => this.onMessage(payload) };
      await this.consumer.run(this.runConfig);
      await ready;
      this.running = true;
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /**
   * Finishes the batch in hand (its offsets committed), leaves the group and disconnects. A join in
   * flight is abandoned rather than awaited: the coordinator answers a JoinGroup only once the
   * group's rebalance completes (every member rejoined, or its rebalance timeout; librdkafka's mock
   * waits the session timeout out), and kafkajs leaves only after that answer, which outlasted a
   * process's shutdown grace. Nothing is in hand during a join (the fetchers stopped before it);
   * offsets not committed are read again by the members that stay.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.backoff.close();
      this.abandonJoin?.(new Error(`kafka: consumer group ${this.options.group} stopped before it joined`));
      const disconnected = this.consumer.disconnect();
      // The JoinGroup fails with its connection; kafkajs, no longer running, retries nothing and
      // sends LeaveGroup on a new connection, so the group need not wait for this member.
      for (const socket of this.joinSockets) socket.destroy(new Error('the consumer is stopping: its join is abandoned'));
      try {
        await disconnected;
      } finally {
        this.onStopped();
      }
    })();
    return this.stopping;
  }

  /**
   * kafkajs restarts a crashed consumer only after an error it deems retriable; after any other (a
   * coordinator's INVALID_REQUEST answer to a SyncGroup during a rolling restart, seen on the kcat
   * mock) it disconnects for good, and the process would stay up and ready with a group member gone:
   * its partitions go to the others, or, with one replica, nobody reads them. The member is brought
   * back here instead, with backoff, until it runs again or the subscription is stopped.
   */
  private async restartAfterCrash(cause: Error): Promise<void> {
    if (this.restarting) return;
    this.restarting = true;
    this.logger.error('kafka: consumer crashed and kafkajs will not restart it; restarting it', { group: this.options.group, ...errorFields(cause) });
    try {
      for (let attempt = 1; !this.stopping; attempt++) {
        await this.backoff.sleep(backoffDelay(attempt, RETRY_BASE_MS, RETRY_MAX_MS));
        if (this.stopping) return;
        const crashesBefore = this.crashes;
        try {
          await this.consumer.connect();
          if (this.stopping) return; // stop() disconnects; a JoinGroup after it is refused anyway (socketFactory)
          await this.consumer.run(this.runConfig);
          if (this.crashes === crashesBefore) return;
        } catch (error) {
          this.logger.error('kafka: consumer restart failed, retrying', { group: this.options.group, attempt, ...errorFields(error) });
        }
      }
    } finally {
      this.restarting = false;
    }
  }

  /**
   * kafkajs' own socket factory, noting the connections that carry a join. Once stop() began, a JoinGroup
   * (kafkajs rejoins when a rebalance reaches it while stopping) is not sent: its connection is
   * closed instead, as for a join already in flight.
   */
  private readonly socketFactory: ISocketFactory = ({ host, port, ssl, onConnect }) => {
    const socket = ssl ? tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }), ...ssl }, onConnect) : netConnect({ host, port }, onConnect);
    socket.setKeepAlive(true, 60_000);
    socket.once('close', () => this.joinSockets.delete(socket));
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      // kafkajs writes each request whole: int32 size, int16 api key, ...
      if (Buffer.isBuffer(chunk) && chunk.length >= 6 && chunk.readInt16BE(4) === JOIN_GROUP_API_KEY) {
        if (this.stopping) {
          socket.destroy(new Error('the consumer is stopping: no new join'));
          return false;
        }
        this.joinSockets.add(socket);
      }
      return write(chunk, ...rest);
    }) as typeof socket.write;
    return socket;
  };

  private async onMessage({ topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    const event = this.parse(topic, partition, message);
    if (event) await this.deliver([event], heartbeat);
  }

  /** Hands the fetched messages over in slices of maxSize; a slice's offsets are resolved once it succeeded. */
  private async onBatch({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const { maxSize } = this.delivery;
    for (let start = 0; start < batch.messages.length; start += maxSize) {
      if (!isRunning() || isStale()) return; // unresolved messages are fetched again
      const messages = batch.messages.slice(start, start + maxSize);
      const events = messages
        .map((message) => this.parse(batch.topic, batch.partition, message))
        .filter((event): event is EventEnvelope => event !== undefined);
      if (events.length > 0) await this.deliver(events, heartbeat);
      resolveOffset(messages[messages.length - 1].offset);
      await commitOffsetsIfNecessary();
      await heartbeat();
    }
  }

  private parse(topic: string, partition: number, message: KafkaMessage): EventEnvelope | undefined {
    try {
      return fromKafkaValue(message.value);
    } catch (error) {
      // Not ours to handle and retrying cannot fix it; blocking the partition would stop the group.
      this.logger.error('kafka: skipping message that is not an event envelope', {
        topic,
        partition,
        offset: message.offset,
        ...errorFields(error),
      });
      return undefined;
    }
  }

  private async deliver(events: EventEnvelope[], heartbeat: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.delivery.handle(events);
        return;
      } catch (error) {
        // Throwing leaves the offset unresolved, so the event is redelivered after a restart.
        if (this.stopping) throw error;
        this.logger.error('kafka: handler failed, retrying', {
          group: this.options.group,
          eventId: events[0].id,
          events: events.length,
          attempt,
          ...errorFields(error),
        });
        await this.backoff.sleep(backoffDelay(attempt, RETRY_BASE_MS, RETRY_MAX_MS));
        if (this.stopping) throw error;
        await heartbeat().catch(() => undefined); // stay in the group while retrying
      }
    }
  }

  /**
   * kafkajs resolves a new group's starting offsets inside its first fetch after joining; waiting
   * for that makes `fromBeginning: false` mean "events published after subscribe() resolved".
   */
  private firstFetchAfterJoin(): Promise<void> {
    const { GROUP_JOIN, FETCH, CRASH } = this.consumer.events;
    return new Promise<void>((resolve, reject) => {
      let joined = false;
      const removers: Array<() => void> = [];
      const finish = (error?: Error) => {
        clearTimeout(timer);
        removers.forEach((remove) => remove());
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => {
        this.logger.error('kafka: consumer not ready in time, continuing in the background', { group: this.options.group });
        finish();
      }, READY_TIMEOUT_MS);
      this.abandonJoin = finish;
      removers.push(
        () => (this.abandonJoin = undefined),
        this.consumer.on(GROUP_JOIN, () => (joined = true)),
        this.consumer.on(FETCH, () => joined && finish()),
        this.consumer.on(CRASH, (event) => finish(event.payload.error)),
      );
    });
  }
}
