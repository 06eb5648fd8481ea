import { decide, type RateLimitStore } from './rate-limit-store';

/** In-memory fixed windows; expired windows are swept so memory stays bounded. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private lastSweep = 0;

  async hit(key: string, limit: number, windowMs: number, now: number) {
    if (now - this.lastSweep > windowMs) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      w = { count: 0, endsAt: now - (now % windowMs) + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return decide(w.count, limit, w.endsAt, now);
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
  }

  async ping() {}
  async close() {
    this.windows.clear();
  }
}
