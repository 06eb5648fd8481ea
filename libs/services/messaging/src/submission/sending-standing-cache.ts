import { identityEvents, providerCallbackEvents, TOPICS } from '@mp/contracts';
import { listenAsReplica, ReplicaCache, replicaGroup, type EventEnvelope, type EventTransport, type ReplicaListener } from '@mp/events';
import type { identityV1 } from '@mp/contracts';
import type { Logger } from '@mp/telemetry';
import type { MessagingClients } from '../messaging-clients';

/** The safety net: a standing is never used longer than this after identity answered it. */
export const STANDING_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** A standing as identity answered it, with the account's standing version read before asking. */
interface HeldStanding {
  standing: identityV1.SendingStanding;
  version: string;
}

/** The account's standing version in messaging's own table (standing-changes.ts); '0' without one. */
export type StandingVersionOf = (accountId: string) => Promise<string>;

/**
 * Identity's GetSendingStanding answers per (account, subaccount), so a send
 * costs no call to identity (issue 13). The checks themselves
 * (sending-standing.ts) still run at every send, on the held standing; only
 * standings that allow sending are kept, so a restored account sends at once.
 * An entry goes at the first of: its TTL, an event saying the account's
 * standing may have changed (listenForStandingChanges), or a raised standing
 * version (`versionOf`, one primary-key read per send): a change noted by the
 * service that made it before it answered its caller (a payment processor's
 * subscription callback, issue 27) is seen by every replica at its next send,
 * before the change's event arrives. Quotas are counted by messaging itself
 * (quota-ledger.ts); only the limits come from here.
 *
 * A ReplicaCache: nothing is served until it is live (its listener
 * subscribed), and a load that overlaps an eviction is not stored.
 */
export class SendingStandingCache extends ReplicaCache<HeldStanding> {
  private readonly versionOf: StandingVersionOf;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number; versionOf?: StandingVersionOf } = {}) {
    super({
      ttlMs: options.ttlMs ?? STANDING_CACHE_TTL_MS,
      maxEntries: options.maxEntries ?? MAX_ENTRIES,
      now: options.now,
      copy: (held) => ({ standing: { ...held.standing }, version: held.version }),
    });
    this.versionOf = options.versionOf ?? (async () => '0');
  }

  /** The standing from the cache, or from `load` (kept if it allows sending and nothing was evicted meanwhile). */
  async standing(
    request: identityV1.GetSendingStandingRequest,
    load: () => Promise<identityV1.SendingStanding>,
  ): Promise<identityV1.SendingStanding> {
    const key = `${request.accountId}/${request.subaccountId ?? ''}`;
    // Read before identity is asked: a change noted after this read leaves the entry behind the next read.
    const version = this.isLive ? await this.versionOf(request.accountId) : '0';
    const held = this.lookup(key, (entry) => entry.version === version);
    if (held) return held.standing;
    const ticket = this.ticket();
    const standing = await load();
    const allowsSending = standing.accountStatus.toLowerCase() === 'active' && standing.subscriptionActive;
    if (allowsSending) this.store(ticket, key, request.accountId, { standing, version });
    return standing;
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
    get replies() {
      return clients.replies;
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
