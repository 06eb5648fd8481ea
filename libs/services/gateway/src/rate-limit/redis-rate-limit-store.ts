import { createClient, type RedisClientType } from 'redis';
import { decide, type RateLimitStore } from './rate-limit-store';

/**
 * Fixed windows in Redis so every gateway replica counts together. The key
 * names the window, so INCR + PEXPIRE in one MULTI is enough and atomic.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: RedisClientType;
  private connecting?: Promise<unknown>;

  constructor(url: string, private readonly prefix: string = 'mp:rl:') {
    this.client = createClient({ url, socket: { reconnectStrategy: (n) => Math.min(n * 100, 2000) } });
    this.client.on('error', () => undefined); // reported through ping()/hit() failures
  }

  private ready() {
    this.connecting ??= this.client.connect();
    return this.connecting;
  }

  async hit(key: string, limit: number, windowMs: number, now: number) {
    await this.ready();
    const windowStart = now - (now % windowMs);
    const redisKey = `${this.prefix}${key}:${windowStart}`;
    const [count] = (await this.client.multi().incr(redisKey).pExpire(redisKey, windowMs + 1000).exec()) as [number, unknown];
    return decide(Number(count), limit, windowStart + windowMs, now);
  }

  async ping() {
    await this.ready();
    await this.client.ping();
  }

  async close() {
    if (this.connecting) {
      await this.connecting.catch(() => undefined);
      await this.client.quit().catch(() => undefined);
    }
  }
}
