import type { Principal } from '@mp/grpc';
import { createHash } from 'node:crypto';

export interface ApiKeyPrincipalCacheOptions {
  /** Entries kept at most; the least recently used goes first (default 10 000). */
  maxEntries?: number;
  /** The safety net: an entry is never served longer than this after identity answered it. */
  ttlMs: number;
  /** Monotonic milliseconds for the TTL (tests move it); business time (key expiry) is the caller's clock. */
  now?: () => number;
}

interface Entry {
  principal: Principal;
  accountId: string;
  /** When the key itself expires (business clock), if it does. */
  keyExpiresAt?: number;
  /** Monotonic time after which the entry is not served. */
  staleAt: number;
}

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
 * The cache serves nothing until it is live, i.e. while no invalidation feed
 * is listening: stale authentication without invalidation is never served.
 * A load that overlaps an eviction is not stored (its answer may predate the
 * change): callers take a ticket before asking identity and hand it back.
 */
export class ApiKeyPrincipalCache {
  private readonly entries = new Map<string, Entry>(); // insertion order = least recently used first
  private readonly byAccount = new Map<string, Set<string>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private live = false;
  private generation = 0;

  constructor(options: ApiKeyPrincipalCacheOptions) {
    this.maxEntries = Math.max(1, Math.floor(options.maxEntries ?? 10_000));
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? (() => performance.now());
  }

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The invalidation feed listens from now on: serve and store. Loads begun before are not stored. */
  goLive(): void {
    this.live = true;
    this.generation++;
  }

  /** The feed stopped: serve nothing and forget everything. */
  goDark(): void {
    this.live = false;
    this.clear();
  }

  /** The principal of a key hash, if held and still good at `businessNow` (the key's expiry is by that clock). */
  lookup(cacheKey: string, businessNow: Date): Principal | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(cacheKey);
    if (!entry) return undefined;
    if (this.now() >= entry.staleAt || (entry.keyExpiresAt !== undefined && businessNow.getTime() >= entry.keyExpiresAt)) {
      this.remove(cacheKey);
      return undefined;
    }
    // Most recently used goes to the end.
    this.entries.delete(cacheKey);
    this.entries.set(cacheKey, entry);
    // A copy per request: nothing a request does to its principal reaches the next one.
    return { ...entry.principal, rights: [...(entry.principal.rights ?? [])] };
  }

  /** Taken before asking identity; `store` keeps the answer only if nothing was evicted in between. */
  ticket(): number {
    return this.generation;
  }

  store(ticket: number, cacheKey: string, principal: Principal, keyExpiresAt?: Date): void {
    if (!this.live || ticket !== this.generation) return;
    this.remove(cacheKey);
    this.entries.set(cacheKey, { principal: { ...principal, rights: [...(principal.rights ?? [])] }, accountId: principal.accountId, keyExpiresAt: keyExpiresAt?.getTime(), staleAt: this.now() + this.ttlMs });
    let keys = this.byAccount.get(principal.accountId);
    if (!keys) this.byAccount.set(principal.accountId, (keys = new Set()));
    keys.add(cacheKey);
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value as string);
  }

  /** Drops the entry of one key of the account (revoked, deleted, new rights). */
  evictApiKey(accountId: string, apiKeyId: string): void {
    this.generation++;
    for (const cacheKey of [...(this.byAccount.get(accountId) ?? [])]) {
      if (this.entries.get(cacheKey)?.principal.apiKeyId === apiKeyId) this.remove(cacheKey);
    }
  }

  /** Drops every entry of the account. */
  evictAccount(accountId: string): void {
    this.generation++;
    for (const cacheKey of [...(this.byAccount.get(accountId) ?? [])]) this.remove(cacheKey);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byAccount.clear();
  }

  private remove(cacheKey: string): void {
    const entry = this.entries.get(cacheKey);
    if (!entry) return;
    this.entries.delete(cacheKey);
    const keys = this.byAccount.get(entry.accountId);
    keys?.delete(cacheKey);
    if (keys?.size === 0) this.byAccount.delete(entry.accountId);
  }
}
