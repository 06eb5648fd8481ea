import { renderMetrics, type Logger } from '@mp/telemetry';
import { FailOpenRateLimitStore } from './fail-open-rate-limit-store';
import { MemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';

const NOW = 1_700_000_000_000;

/** A shared store that can be switched off: failing at once, or never answering. */
class SwitchableStore implements RateLimitStore {
  mode: 'up' | 'refusing' | 'stalled' = 'up';
  calls = 0;
  private readonly counts = new MemoryRateLimitStore();
  async hit(key: string, limit: number, windowMs: number, now: number) {
    this.calls += 1;
    if (this.mode === 'refusing') throw new Error('connect ECONNREFUSED');
    if (this.mode === 'stalled') return new Promise<never>(() => undefined);
    return this.counts.hit(key, limit, windowMs, now);
  }
  async ping() {}
  async close() {}
}

function recordingLogger() {
  const lines: Array<{ level: string; message: string; fields?: Record<string, unknown> }> = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  const logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') } as unknown as Logger;
  return { logger, lines };
}

async function metric(name: string): Promise<number> {
  const line = (await renderMetrics()).split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

describe('FailOpenRateLimitStore', () => {
  it('decides in memory while the shared store refuses, logs and counts the outage once, and shares again when it returns', async () => {
    const shared = new SwitchableStore();
    const { logger, lines } = recordingLogger();
    const store = new FailOpenRateLimitStore(shared, { logger, retryIntervalMs: 20 });
    const outagesBefore = await metric('gateway_rate_limit_store_outages_total');
    expect(await metric('gateway_rate_limit_store_up')).toBe(1);

    shared.mode = 'refusing';
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await store.hit('k', 3, 60_000, NOW));
    // Limits still hold, counted locally.
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(store.degraded).toBe(true);
    expect(await metric('gateway_rate_limit_store_up')).toBe(0);
    expect(await metric('gateway_rate_limit_store_outages_total')).toBe(outagesBefore + 1);
    // Only the first call tried the shared store: the others were inside the retry interval.
    expect(shared.calls).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    await store.hit('k2', 3, 60_000, NOW);
    expect(shared.calls).toBe(2);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(lines[0].message).toMatch(/rate-limit store unavailable/);

    shared.mode = 'up';
    await new Promise((r) => setTimeout(r, 30));
    expect((await store.hit('shared', 1, 60_000, NOW)).allowed).toBe(true);
    expect(store.degraded).toBe(false);
    expect(await metric('gateway_rate_limit_store_up')).toBe(1);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(lines[1].message).toMatch(/shared again/);
    // The shared store counts again.
    expect((await store.hit('shared', 1, 60_000, NOW)).allowed).toBe(false);
    expect(shared.calls).toBe(4);

    // A second outage is a second log line and count.
    shared.mode = 'refusing';
    await store.hit('k', 3, 60_000, NOW);
    expect(await metric('gateway_rate_limit_store_outages_total')).toBe(outagesBefore + 2);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(2);
    await store.close();
  });

  it('lets concurrent requests decide locally while one probe is in flight', async () => {
    const shared = new SwitchableStore();
    const { logger } = recordingLogger();
    const store = new FailOpenRateLimitStore(shared, { logger, retryIntervalMs: 0 });
    shared.mode = 'refusing';
    await store.hit('k', 10, 60_000, NOW);
    shared.mode = 'stalled';
    const probe = store.hit('k', 10, 60_000, NOW); // never answers: the Redis store's own deadline ends it in production
    const started = Date.now();
    for (let i = 0; i < 5; i++) await store.hit('k', 10, 60_000, NOW);
    expect(Date.now() - started).toBeLessThan(50);
    expect(shared.calls).toBe(2);
    void probe;
    await store.close();
  });

  it('never fails readiness', async () => {
    const shared = new SwitchableStore();
    shared.ping = () => Promise.reject(new Error('down'));
    const store = new FailOpenRateLimitStore(shared, recordingLogger());
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
  });
});
