/**
 * Answers another service gave, kept per account by one replica and evicted
 * by events (a replica listener: replica-listener.ts), with a TTL as the
 * safety net and the least recently used entry dropped past `maxEntries`.
 *
 * Nothing is served or stored until the cache is live (its listener
 * subscribed): without invalidation a stale answer could be served. A load
 * that overlaps an eviction is not stored (its answer may predate the
 * change): callers take a ticket before asking and hand it to `store`.
 * Values are copied in and out, so nothing a caller does to one reaches the next.
 */
export interface ReplicaCacheOptions<V> {
  /** An entry is never served longer than this after it was stored. */
  ttlMs: number;
  /** Entries kept at most (default 10 000). */
  maxEntries?: number;
  /** Monotonic milliseconds for the TTL (tests move it). */
  now?: () => number;
  /** A copy of a value, taken on the way in and on the way out. */
  copy: (value: V) => V;
}

interface Entry<V> {
  value: V;
  accountId: string;
  staleAt: number;
}

export class ReplicaCache<V> {
  private readonly entries = new Map<string, Entry<V>>(); // insertion order = least recently used first
  private readonly byAccount = new Map<string, Set<string>>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private live = false;
  private generation = 0;

  constructor(private readonly options: ReplicaCacheOptions<V>) {
    this.maxEntries = Math.max(1, Math.floor(options.maxEntries ?? 10_000));
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

  /** The value held for `key`, unless stale by the TTL or refused by `stillGood` (then dropped). */
  lookup(key: string, stillGood?: (value: V) => boolean): V | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.staleAt || (stillGood && !stillGood(entry.value))) {
      this.remove(key);
      return undefined;
    }
    // Most recently used goes to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return this.options.copy(entry.value);
  }

  /** Taken before asking the other service; `store` keeps the answer only if nothing was evicted in between. */
  ticket(): number {
    return this.generation;
  }

  store(ticket: number, key: string, accountId: string, value: V): void {
    if (!this.live || ticket !== this.generation) return;
    this.remove(key);
    this.entries.set(key, { value: this.options.copy(value), accountId, staleAt: this.now() + this.options.ttlMs });
    let keys = this.byAccount.get(accountId);
    if (!keys) this.byAccount.set(accountId, (keys = new Set()));
    keys.add(key);
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value as string);
  }

  /** Drops the account's entries, or only those `which` picks. */
  evictAccount(accountId: string, which?: (value: V) => boolean): void {
    this.generation++;
    for (const key of [...(this.byAccount.get(accountId) ?? [])]) {
      if (!which || which(this.entries.get(key)!.value)) this.remove(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byAccount.clear();
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
