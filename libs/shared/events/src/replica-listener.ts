import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventEnvelope } from './event-envelope';
import type { EventsLogger, EventTransport, Subscription } from './event-transport';
import { errorFields } from './internal/validate';

/**
 * A consumer group of this process alone (`<owner>.<purpose>.<host>.<pid>.<random>`), so that
 * every replica sees every event: replicas sharing a group would split the events between them.
 */
export function replicaGroup(owner: string, purpose: string): string {
  return `${owner}.${purpose}.${hostname()}.${process.pid}.${randomBytes(4).toString('hex')}`;
}

export interface ReplicaListener {
  readonly group: string;
  /** Resolves true once the subscription listens, false if stopped first. */
  whenLive(): Promise<boolean>;
  /** Stops listening (onDark first). */
  stop(): Promise<void>;
}

const RETRY_MAX_MS = 30_000;

/**
 * Hears every event of `topics` in this process, from new events on, for state every replica keeps
 * for itself (a cache's evictions): idempotent handling, so no processed-event table. Subscribing is
 * retried in the background until it works, so start-up never waits on a consumer-group join;
 * `onLive` runs once the subscription listens, `onDark` when the listener stops.
 */
export function listenAsReplica(options: {
  transport: EventTransport;
  group: string;
  topics: string[];
  handler: (event: EventEnvelope) => void;
  /** What listens, for the logs ("API-key principal cache"). */
  name: string;
  logger: EventsLogger & { info(...args: unknown[]): void; warn(...args: unknown[]): void };
  onLive(): void;
  onDark(): void;
}): ReplicaListener {
  const { transport, group, topics, logger, name } = options;
  let stopped = false;
  let subscription: Subscription | undefined;
  let wake: (() => void) | undefined;

  const subscribe = async (): Promise<boolean> => {
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await transport.ensureTopics(topics);
        const started = await transport.subscribe({ group, topics, fromBeginning: false, handler: async (event) => options.handler(event) });
        if (stopped) {
          await started.stop();
          return false;
        }
        subscription = started;
        options.onLive();
        logger.info(`${name} live`, { group });
        return true;
      } catch (error) {
        if (stopped) return false;
        const delayMs = Math.min(RETRY_MAX_MS, 500 * 2 ** (attempt - 1));
        logger.warn(`${name}: cannot listen for changes, not serving until it can`, { group, retryInMs: delayMs, ...errorFields(error) });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delayMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
    return false;
  };
  const live = subscribe();

  return {
    group,
    whenLive: () => live,
    async stop() {
      stopped = true;
      options.onDark();
      wake?.();
      await live;
      await subscription?.stop();
    },
  };
}
