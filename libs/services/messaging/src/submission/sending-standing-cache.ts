import { identityEvents, providerCallbackEvents, TOPICS } from '@mp/contracts';
import { listenAsReplica, replicaGroup, type EventEnvelope, type EventTransport, type ReplicaListener } from '@mp/events';
import type { identityV1 } from '@mp/contracts';
import type { Logger } from '@mp/telemetry';
import type { MessagingClients } from '../messaging-clients';

/** The safety net: a standing is never used longer than this after identity answered it. */
export const STANDING_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  standing: identityV1.SendingStanding;
  accountId: string;
  staleAt: number;
}

/**
 * Identity's GetSendingStanding answers per (account, subaccount), so a send
 * costs no call to identity (issue 13). The checks themselves
 * (sending-standing.ts) still run at every send, on the held standing; only
 * standings that allow sending are kept, so a restored account sends at once.
 * An entry goes at the first of: its TTL, or an event saying the account's
 * standing may have changed (listenForStandingChanges). Quotas are counted
 * by messaging itself (quota-ledger.ts); only the limits come from here.
 *
 * Nothing is served until the cache is live (its listener subscribed), and a
 * load that overlaps an eviction is not stored (its answer may predate it).
 */
export class SendingStandingCache {
  private readonly entries = new Map<string, Entry>(); // insertion order = least recently used first
  private readonly byAccount = new Map<string, Set<string>>();
  private live = false;
  private generation = 0;

  constructor(
    private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {}

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }

  goLive(): void {
    this.live = true;
    this.generation++;
  }

  goDark(): void {
    this.live = false;
    this.clear();
  }

  /** The standing from the cache, or from `load` (kept if it allows sending and nothing was evicted meanwhile). */
  async standing(
    request: identityV1.GetSendingStandingRequest,
    load: () => Promise<identityV1.SendingStanding>,
  ): Promise<identityV1.SendingStanding> {
    const key = `${request.accountId}/${request.subaccountId ?? ''}`;
    const held = this.lookup(key);
    if (held) return held;
    const ticket = this.generation;
    const standing = await load();
    const allowsSending = standing.accountStatus.toLowerCase() === 'active' && standing.subscriptionActive;
    if (this.live && ticket === this.generation && allowsSending) this.store(key, request.accountId, standing);
    return standing;
  }

  evictAccount(accountId: string): void {
    this.generation++;
    for (const key of [...(this.byAccount.get(accountId) ?? [])]) this.remove(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byAccount.clear();
  }

  private now(): number {
    return this.options.now ? this.options.now() : performance.now();
  }

  private lookup(key: string): identityV1.SendingStanding | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.staleAt) {
      this.remove(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { ...entry.standing };
  }

  private store(key: string, accountId: string, standing: identityV1.SendingStanding): void {
    this.remove(key);
    this.entries.set(key, { standing: { ...standing }, accountId, staleAt: this.now() + (this.options.ttlMs ?? STANDING_CACHE_TTL_MS) });
    let keys = this.byAccount.get(accountId);
    if (!keys) this.byAccount.set(accountId, (keys = new Set()));
    keys.add(key);
    const max = this.options.maxEntries ?? MAX_ENTRIES;
    while (this.entries.size > max) this.remove(this.entries.keys().next().value as string);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byAccount.get(entry.accountId);
    keys?.delete(key);
    if (keys?.size === 0) this.byAccount.delete(entry.accountId);
  }
}

/** The clients messaging's handlers use, with identity's standing answered through `cache`. */
export function withCachedSendingStanding(clients: MessagingClients, cache: SendingStandingCache): MessagingClients {
  return {
    // Read at call time, as the host's clients are (created on first use).
    get identity() {
      const identity = clients.identity;
      const getSendingStanding: MessagingClients['identity']['getSendingStanding'] = (request, options) =>
        cache.standing(request, () => identity.getSendingStanding(request, options));
      return { getSendingStanding };
    },
    get routing() {
      return clients.routing;
    },
    get consent() {
      return clients.consent;
    },
  };
}

/** The account whose standing an event may have changed, '' for one that names none, undefined for others. */
export function accountOfStandingChange(event: EventEnvelope): string | undefined {
  switch (event.type) {
    case 'AccessChanged': // quotas of a subaccount (and key or user changes, harmlessly)
      return identityEvents.AccessChanged.fromJSON(event.payload).accountId;
    case 'SubscriptionChanged':
      return identityEvents.SubscriptionChanged.fromJSON(event.payload).accountId;
    case 'AccountActivated':
      return identityEvents.AccountActivated.fromJSON(event.payload).accountId;
    // The processor's word, before identity applies it: evicting here too means no send reuses the old
    // subscription once identity shows the new one. SubscriptionChanged then evicts whatever was read meanwhile.
    case 'PaymentSubscriptionUpdated':
      return providerCallbackEvents.PaymentSubscriptionUpdated.fromJSON(event.payload).accountId;
    default:
      return undefined;
  }
}

export type StandingChangeListener = ReplicaListener;

/**
 * Keeps `cache` honest: subscribes to identity.events and billing.events with
 * a group of this process alone (every replica must see every event; eviction
 * is idempotent, so no processed-event table), from new events on. The cache
 * goes live once the subscription listens; subscribing is retried in the
 * background until it does.
 */
export function listenForStandingChanges(options: { transport: EventTransport; cache: SendingStandingCache; logger: Logger; group?: string }): StandingChangeListener {
  const { cache } = options;
  return listenAsReplica({
    transport: options.transport,
    group: options.group ?? replicaGroup('messaging', 'standing-cache'),
    topics: [TOPICS.identity, TOPICS.billing],
    handler: (event) => {
      const accountId = accountOfStandingChange(event);
      if (accountId === undefined) return;
      if (accountId === '') cache.clear();
      else cache.evictAccount(accountId);
    },
    name: 'sending-standing cache',
    logger: options.logger,
    onLive: () => cache.goLive(),
    onDark: () => cache.goDark(),
  });
}
