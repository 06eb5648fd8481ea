import { randomUUID } from 'node:crypto';
import { MemoryRateLimitStore } from './memory-rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';
import { SignInThrottle } from './sign-in-throttle';
import type { RateLimitStore } from './rate-limit-store';

// The same contract for both stores; Redis when REDIS_URL is set (CI), memory otherwise.
async function makeStore(): Promise<RateLimitStore> {
  if (!process.env.REDIS_URL) return new MemoryRateLimitStore();
  const redis = new RedisRateLimitStore(process.env.REDIS_URL, { prefix: `test:rl:${randomUUID()}:`, commandTimeoutMs: 2000 });
  if (!(await redis.open(5000))) throw new Error(`no Redis at ${process.env.REDIS_URL}`);
  return redis;
}

describe(`rate-limit store (${process.env.REDIS_URL ? 'Redis' : 'memory'})`, () => {
  let store: RateLimitStore;
  beforeAll(async () => {
    store = await makeStore();
  });
  afterAll(() => store.close());

  it('allows up to the limit in a window, then refuses until it ends', async () => {
    const key = `test:${randomUUID()}`;
    const now = 1_700_000_000_000;
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await store.hit(key, 3, 60_000, now + i));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3].remaining).toBe(0);
    expect(decisions[3].retryAfterSeconds).toBeGreaterThan(0);
    expect(decisions[3].retryAfterSeconds).toBeLessThanOrEqual(60);
    const next = await store.hit(key, 3, 60_000, now + 60_000);
    expect(next.allowed).toBe(true);
  });

  it('counts concurrent hits exactly', async () => {
    const key = `test:${randomUUID()}`;
    const now = 1_700_000_000_000;
    const decisions = await Promise.all(Array.from({ length: 50 }, () => store.hit(key, 20, 60_000, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
  });

  it('backs the sign-in throttle: per address, then per account', async () => {
    const throttle = new SignInThrottle(store, { perIpPerMinute: 3, perAccountPerMinute: 1 });
    const ip = `ip-${randomUUID()}`;
    const now = 1_700_000_000_000;
    const codeOf = (p: Promise<void>) => p.then(() => 'ok', (e: { code?: string }) => e.code);
    expect(await codeOf(throttle.check({ ip, account: `email:${ip}@x.test` }, now))).toBe('ok');
    expect(await codeOf(throttle.check({ ip, account: `email:${ip}@x.test` }, now))).toBe('RATE_LIMITED');
    expect(await codeOf(throttle.check({ ip }, now))).toBe('ok');
    expect(await codeOf(throttle.check({ ip }, now))).toBe('IP_THROTTLED');
  });
});
