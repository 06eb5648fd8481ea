import { createClient, type RedisClientType } from 'redis';
import { decide, type RateLimitStore } from './rate-limit-store';

/** Why a shared-store call failed: the request goes on with a local decision. */
export class RateLimitStoreUnavailable extends Error {
  constructor(
    readonly reason: 'offline' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'RateLimitStoreUnavailable';
  }
}

export interface RedisRateLimitStoreOptions {
  prefix?: string;
  /** The longest one call may take before it fails (a stalled Redis keeps its socket open). */
  commandTimeoutMs: number;
}

/**
 * Fixed windows in Redis so every gateway replica counts together. The key
 * names the window, so INCR + PEXPIRE in one MULTI is enough and atomic.
 *
 * It never makes a request wait for Redis: commands are not queued while the
 * client is disconnected (disableOfflineQueue: they fail at once), and each
 * call has a deadline. The client reconnects in the background for as long
 * as the store is open; FailOpenRateLimitStore decides what a failure means.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly client: RedisClientType;
  private readonly prefix: string;
  private readonly commandTimeoutMs: number;
  private connecting?: Promise<void>;

  constructor(url: string, options: RedisRateLimitStoreOptions) {
    this.prefix = options.prefix ?? 'mp:rl:';
    this.commandTimeoutMs = options.commandTimeoutMs;
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      // Jitter: a Redis that comes back is not met by every replica in the same millisecond.
      socket: { connectTimeout: 2000, reconnectStrategy: (n) => Math.min(n * 100, 2000) + Math.floor(Math.random() * 100) },
    });
    this.client.on('error', () => undefined); // reported by the calls that fail (ClientOfflineError, deadline)
  }

  /** Starts connecting (then reconnecting for as long as the store is open) and waits up to waitMs for the first connection. */
  async open(waitMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.connect(), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    return this.client.isReady;
  }

  async hit(key: string, limit: number, windowMs: number, now: number) {
    const windowStart = now - (now % windowMs);
    const redisKey = `${this.prefix}${key}:${windowStart}`;
    const [count] = (await this.call(() => this.client.multi().incr(redisKey).pExpire(redisKey, windowMs + 1000).exec())) as [number, unknown];
    return decide(Number(count), limit, windowStart + windowMs, now);
  }

  async ping() {
    await this.call(() => this.client.ping());
  }

  async close() {
    if (!this.connecting) return;
    if (this.client.isReady) await this.call(() => this.client.close()).catch(() => this.client.destroy());
    else if (this.client.isOpen) this.client.destroy(); // stops reconnecting
  }

  private connect(): Promise<void> {
    this.connecting ??= this.client.connect().then(
      () => undefined,
      () => undefined,
    );
    return this.connecting;
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    void this.connect();
    if (!this.client.isReady) throw new RateLimitStoreUnavailable('offline', 'Redis is not connected');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RateLimitStoreUnavailable('timeout', `Redis did not answer within ${this.commandTimeoutMs} ms`)), this.commandTimeoutMs);
    });
    const answer = command();
    answer.catch(() => undefined); // a late failure after the deadline is nobody's to handle
    try {
      return await Promise.race([answer, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
