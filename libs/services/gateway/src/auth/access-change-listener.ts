import { identityEvents, TOPICS } from '@mp/contracts';
import type { EventEnvelope, EventTransport, Subscription } from '@mp/events';
import type { Logger } from '@mp/telemetry';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ApiKeyPrincipalCache } from './api-key-principal-cache';

/**
 * A consumer group of this process alone, so that every gateway replica sees
 * every event (replicas sharing a group would split the events between them).
 * It starts at new events only: an empty cache has nothing older to evict.
 */
export function accessCacheGroup(owner: string): string {
  return `${owner}.access-cache.${hostname()}.${process.pid}.${randomBytes(4).toString('hex')}`;
}

/** Evicts what an identity event says changed; events of other types change nothing. */
export function applyAccessChange(cache: ApiKeyPrincipalCache, event: EventEnvelope): void {
  if (event.type === 'AccessChanged') {
    const change = identityEvents.AccessChanged.fromJSON(event.payload);
    if (!change.accountId) cache.clear(); // cannot tell whose: forget everything rather than keep it
    else if (change.apiKeyId) cache.evictApiKey(change.accountId, change.apiKeyId);
    else cache.evictAccount(change.accountId);
  } else if (event.type === 'AccountActivated') {
    const { accountId } = identityEvents.AccountActivated.fromJSON(event.payload);
    if (accountId) cache.evictAccount(accountId);
  }
}

export interface AccessChangeListener {
  readonly group: string;
  /** Resolves true once the cache is live (the subscription listens), false if stopped first. */
  whenLive(): Promise<boolean>;
  /** Stops listening; the cache goes dark (serves nothing) first. */
  stop(): Promise<void>;
}

const RETRY_MAX_MS = 30_000;

/**
 * Subscribes `cache` to identity.events through `transport`, with a group of
 * its own (eviction is idempotent: no processed-event table). The cache goes
 * live only once the subscription listens, and subscribing is retried in the
 * background until it does, so start-up never waits on a consumer-group join.
 */
export function listenForAccessChanges(options: {
  transport: EventTransport;
  cache: ApiKeyPrincipalCache;
  logger: Logger;
  group?: string;
}): AccessChangeListener {
  const { transport, cache, logger } = options;
  const group = options.group ?? accessCacheGroup('gateway');
  let stopped = false;
  let subscription: Subscription | undefined;
  let wake: (() => void) | undefined;

  const subscribe = async (): Promise<boolean> => {
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await transport.ensureTopics([TOPICS.identity]);
        const started = await transport.subscribe({
          group,
          topics: [TOPICS.identity],
          fromBeginning: false,
          handler: async (event) => applyAccessChange(cache, event),
        });
        if (stopped) {
          await started.stop();
          return false;
        }
        subscription = started;
        cache.goLive();
        logger.info('API-key principal cache live', { group });
        return true;
      } catch (error) {
        if (stopped) return false;
        const delayMs = Math.min(RETRY_MAX_MS, 500 * 2 ** (attempt - 1));
        logger.warn('API-key principal cache: cannot listen for access changes, not caching until it can', {
          group,
          retryInMs: delayMs,
          error: error instanceof Error ? error.message : String(error),
        });
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
      cache.goDark();
      wake?.();
      await live;
      await subscription?.stop();
    },
  };
}
