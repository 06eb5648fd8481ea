import { identityEvents, TOPICS } from '@mp/contracts';
import { listenAsReplica, replicaGroup, type EventEnvelope, type EventTransport, type ReplicaListener } from '@mp/events';
import type { Logger } from '@mp/telemetry';
import type { ApiKeyPrincipalCache } from './api-key-principal-cache';

/**
 * A consumer group of this process alone, so that every gateway replica sees
 * every event (replicas sharing a group would split the events between them).
 * It starts at new events only: an empty cache has nothing older to evict.
 */
export function accessCacheGroup(owner: string): string {
  return replicaGroup(owner, 'access-cache');
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

export type AccessChangeListener = ReplicaListener;

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
  const { cache } = options;
  return listenAsReplica({
    transport: options.transport,
    group: options.group ?? accessCacheGroup('gateway'),
    topics: [TOPICS.identity],
    handler: (event) => applyAccessChange(cache, event),
    name: 'API-key principal cache',
    logger: options.logger,
    onLive: () => cache.goLive(),
    onDark: () => cache.goDark(),
  });
}
