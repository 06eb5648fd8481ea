import type { Principal } from '@mp/grpc';
import { apiKeyCacheKey, ApiKeyPrincipalCache } from './api-key-principal-cache';

const principal = (accountId: string, apiKeyId: string, rights = ['SendMessages']): Principal => ({ kind: 'api_key', accountId, apiKeyId, rights });
const now = new Date('2030-01-01T00:00:00Z');

function liveCache(options: { maxEntries?: number; ttlMs?: number } = {}) {
  let monotonic = 0;
  const cache = new ApiKeyPrincipalCache({ ttlMs: options.ttlMs ?? 60_000, maxEntries: options.maxEntries, now: () => monotonic });
  cache.goLive();
  const put = (key: string, p: Principal, expiresAt?: Date) => cache.store(cache.ticket(), key, p, expiresAt);
  return { cache, put, advance: (ms: number) => void (monotonic += ms) };
}

describe('API-key principal cache', () => {
  it('keys entries by a hash of the key, never the key itself', () => {
    const key = 'mpk_0123456789abcdefghijABCDEFGHIJ';
    expect(apiKeyCacheKey(key)).not.toContain(key);
    expect(apiKeyCacheKey(key)).toBe(apiKeyCacheKey(key));
    expect(apiKeyCacheKey(key)).not.toBe(apiKeyCacheKey(key + 'x'));
  });

  it('serves a stored principal until its TTL, then asks again', () => {
    const { cache, put, advance } = liveCache({ ttlMs: 1000 });
    put('h1', principal('a1', 'k1'));
    expect(cache.lookup('h1', now)).toEqual(principal('a1', 'k1'));
    advance(999);
    expect(cache.lookup('h1', now)).toBeDefined();
    advance(1);
    expect(cache.lookup('h1', now)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('serves a key no longer than it lasts, by the business clock', () => {
    const { cache, put } = liveCache();
    put('h1', principal('a1', 'k1'), new Date(now.getTime() + 5_000));
    expect(cache.lookup('h1', new Date(now.getTime() + 4_999))).toBeDefined();
    expect(cache.lookup('h1', new Date(now.getTime() + 5_000))).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const { cache, put } = liveCache({ maxEntries: 2 });
    put('h1', principal('a1', 'k1'));
    put('h2', principal('a1', 'k2'));
    expect(cache.lookup('h1', now)).toBeDefined(); // h1 is now the most recent
    put('h3', principal('a2', 'k3'));
    expect(cache.size).toBe(2);
    expect(cache.lookup('h2', now)).toBeUndefined();
    expect(cache.lookup('h1', now)).toBeDefined();
    expect(cache.lookup('h3', now)).toBeDefined();
  });

  it('evicts one key of an account, or every key of it', () => {
    const { cache, put } = liveCache();
    put('h1', principal('a1', 'k1'));
    put('h2', principal('a1', 'k2'));
    put('h3', principal('a2', 'k3'));
    cache.evictApiKey('a1', 'k1');
    expect([cache.lookup('h1', now), cache.lookup('h2', now), cache.lookup('h3', now)].map(Boolean)).toEqual([false, true, true]);
    cache.evictApiKey('a2', 'k2'); // names another account's key: nothing of a2 is that key
    expect(cache.lookup('h2', now)).toBeDefined();
    cache.evictAccount('a1');
    expect([cache.lookup('h2', now), cache.lookup('h3', now)].map(Boolean)).toEqual([false, true]);
  });

  it('does not store an answer that was asked for before an eviction (it may predate the change)', () => {
    const { cache } = liveCache();
    const ticket = cache.ticket();
    cache.evictAccount('a-other');
    cache.store(ticket, 'h1', principal('a1', 'k1'));
    expect(cache.lookup('h1', now)).toBeUndefined();
    cache.store(cache.ticket(), 'h1', principal('a1', 'k1'));
    expect(cache.lookup('h1', now)).toBeDefined();
  });

  it('serves and stores nothing until live, and forgets everything when it goes dark', () => {
    const cache = new ApiKeyPrincipalCache({ ttlMs: 60_000 });
    const early = cache.ticket();
    cache.store(early, 'h1', principal('a1', 'k1'));
    expect(cache.lookup('h1', now)).toBeUndefined();
    cache.goLive();
    cache.store(early, 'h1', principal('a1', 'k1')); // asked for before the feed listened
    expect(cache.lookup('h1', now)).toBeUndefined();
    cache.store(cache.ticket(), 'h1', principal('a1', 'k1'));
    expect(cache.lookup('h1', now)).toBeDefined();
    cache.goDark();
    expect(cache.size).toBe(0);
    cache.store(cache.ticket(), 'h1', principal('a1', 'k1'));
    expect(cache.lookup('h1', now)).toBeUndefined();
  });

  it('hands out copies: a request changing its principal does not change the next one', () => {
    const { cache, put } = liveCache();
    put('h1', principal('a1', 'k1', ['SendMessages']));
    const first = cache.lookup('h1', now)!;
    first.rights!.push('ManageWebhooks');
    first.accountId = 'other';
    expect(cache.lookup('h1', now)).toEqual(principal('a1', 'k1', ['SendMessages']));
  });
});
