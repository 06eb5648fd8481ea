import { ReplicaCache } from './replica-cache';

interface Value {
  name: string;
  tags: string[];
}

describe('ReplicaCache', () => {
  let now = 0;
  const make = (maxEntries?: number) =>
    new ReplicaCache<Value>({ ttlMs: 1_000, maxEntries, now: () => now, copy: (v) => ({ ...v, tags: [...v.tags] }) });
  const value = (name: string): Value => ({ name, tags: ['a'] });
  beforeEach(() => (now = 0));

  it('serves and stores nothing until live, and forgets everything when it goes dark', () => {
    const cache = make();
    cache.store(cache.ticket(), 'k', 'acct-1', value('x'));
    expect(cache.size).toBe(0);
    cache.goLive();
    cache.store(cache.ticket(), 'k', 'acct-1', value('x'));
    expect(cache.lookup('k')?.name).toBe('x');
    cache.goDark();
    expect(cache.size).toBe(0);
    expect(cache.lookup('k')).toBeUndefined();
  });

  it('does not store a load that overlapped an eviction or going live', () => {
    const cache = make();
    const beforeLive = cache.ticket();
    cache.goLive();
    cache.store(beforeLive, 'k', 'acct-1', value('x'));
    const ticket = cache.ticket();
    cache.evictAccount('someone-else');
    cache.store(ticket, 'k', 'acct-1', value('x'));
    expect(cache.size).toBe(0);
  });

  it('drops an entry at its TTL, or when the caller finds it no longer good', () => {
    const cache = make();
    cache.goLive();
    cache.store(cache.ticket(), 'old', 'acct-1', value('old'));
    now = 999;
    expect(cache.lookup('old')?.name).toBe('old');
    now = 1_000;
    expect(cache.lookup('old')).toBeUndefined();
    cache.store(cache.ticket(), 'k', 'acct-1', value('x'));
    expect(cache.lookup('k', (v) => v.name !== 'x')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = make(2);
    cache.goLive();
    cache.store(cache.ticket(), 'a', 'acct-1', value('a'));
    cache.store(cache.ticket(), 'b', 'acct-1', value('b'));
    cache.lookup('a'); // b is now the least recently used
    cache.store(cache.ticket(), 'c', 'acct-2', value('c'));
    expect(['a', 'b', 'c'].map((k) => cache.lookup(k)?.name)).toEqual(['a', undefined, 'c']);
  });

  it("evicts an account's entries, or only those picked, and leaves other accounts alone", () => {
    const cache = make();
    cache.goLive();
    cache.store(cache.ticket(), 'a1', 'acct-1', value('a1'));
    cache.store(cache.ticket(), 'a2', 'acct-1', value('a2'));
    cache.store(cache.ticket(), 'b1', 'acct-2', value('b1'));
    cache.evictAccount('acct-1', (v) => v.name === 'a1');
    expect(['a1', 'a2', 'b1'].map((k) => cache.lookup(k)?.name)).toEqual([undefined, 'a2', 'b1']);
    cache.evictAccount('acct-1');
    expect(['a2', 'b1'].map((k) => cache.lookup(k)?.name)).toEqual([undefined, 'b1']);
  });

  it('hands out copies: changing a stored or served value changes nothing held', () => {
    const cache = make();
    cache.goLive();
    const stored = value('x');
    cache.store(cache.ticket(), 'k', 'acct-1', stored);
    stored.tags.push('changed');
    cache.lookup('k')!.tags.push('changed too');
    expect(cache.lookup('k')).toEqual({ name: 'x', tags: ['a'] });
  });
});
