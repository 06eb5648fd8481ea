import type { Principal } from '@mp/grpc';
import { createHash } from 'node:crypto';
import { ReplicaCache } from '@mp/events';

export interface ApiKeyPrincipalCacheOptions {
  /** Entries kept at most; the least recently used goes first (default 10 000). */
  maxEntries?: number;
  /** The safety net: an entry is never served longer than this after identity answered it. */
  ttlMs: number;
  /** Monotonic milliseconds for the TTL (tests move it); business time (key expiry) is the caller's clock. */
  now?: () => number;
}

/** What an entry holds: identity's answer, and when the key itself expires (business clock), if it does. */
interface Held {
  principal: Principal;
  keyExpiresAt?: number;
}

// A copy per request: nothing a request does to its principal reaches the next one.
const copyHeld = (held: Held): Held => ({ ...held, principal: { ...held.principal, rights: [...(held.principal.rights ?? [])] } });

/** What a cache entry is keyed by: a hash of the presented key, never the key itself. */
export function apiKeyCacheKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('base64url');
}

/**
 * API-key principals as identity answered them, so a request with a known key
 * costs no call to identity (issue 13). Only successes are kept; refusals are
 * always asked again. An entry is served until the first of: its TTL, the
 * key's own expiry, or an eviction (AccessChanged for the key or its account,
 * from any replica's change: access-change-listener.ts).
 *
 * Held in a ReplicaCache: nothing is served while no invalidation feed is
 * listening, and a load that overlaps an eviction is not stored.
 */
export class ApiKeyPrincipalCache {
  private readonly held: ReplicaCache<Held>;

  constructor(options: ApiKeyPrincipalCacheOptions) {
    this.held = new ReplicaCache({ ttlMs: options.ttlMs, maxEntries: options.maxEntries, now: options.now, copy: copyHeld });
  }

  get isLive(): boolean {
    return this.held.isLive;
  }

  get size(): number {
    return this.held.size;
  }

  /** The invalidation feed listens from now on: serve and store. Loads begun before are not stored. */
  goLive(): void {
    this.held.goLive();
  }

  /** The feed stopped: serve nothing and forget everything. */
  goDark(): void {
    this.held.goDark();
  }

  /** The principal of a key hash, if held and still good at `businessNow` (the key's expiry is by that clock). */
  lookup(cacheKey: string, businessNow: Date): Principal | undefined {
    return this.held.lookup(cacheKey, (held) => held.keyExpiresAt === undefined || businessNow.getTime() < held.keyExpiresAt)?.principal;
  }

  /** Taken before asking identity; `store` keeps the answer only if nothing was evicted in between. */
  ticket(): number {
    return this.held.ticket();
  }

  store(ticket: number, cacheKey: string, principal: Principal, keyExpiresAt?: Date): void {
    this.held.store(ticket, cacheKey, principal.accountId, { principal, keyExpiresAt: keyExpiresAt?.getTime() });
  }

  /** Drops the entry of one key of the account (revoked, deleted, new rights). */
  evictApiKey(accountId: string, apiKeyId: string): void {
    this.held.evictAccount(accountId, (held) => held.principal.apiKeyId === apiKeyId);
  }

  /** Drops every entry of the account. */
  evictAccount(accountId: string): void {
    this.held.evictAccount(accountId);
  }

  clear(): void {
    this.held.clear();
  }
}
