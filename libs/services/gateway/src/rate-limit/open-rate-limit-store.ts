import type { Logger } from '@mp/telemetry';
import type { GatewayConfig } from '../gateway-config';
import { FailOpenRateLimitStore } from './fail-open-rate-limit-store';
import { MemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';

/** How long start-up waits for Redis: a gateway whose Redis is down still starts, limits per replica. */
const FIRST_CONNECT_WAIT_MS = 2000;

/** The gateway's rate-limit store: Redis behind the fail-open guard when REDIS_URL is set, else memory. */
export async function openRateLimitStore(config: GatewayConfig, logger: Logger): Promise<RateLimitStore> {
  if (!config.REDIS_URL) return new MemoryRateLimitStore();
  const redis = new RedisRateLimitStore(config.REDIS_URL, {
    prefix: config.RATE_LIMIT_KEY_PREFIX,
    commandTimeoutMs: config.RATE_LIMIT_STORE_TIMEOUT_MS ?? 100,
  });
  const store = new FailOpenRateLimitStore(redis, { logger });
  if (!(await redis.open(FIRST_CONNECT_WAIT_MS))) store.reportUnavailable(new Error(`Redis did not answer within ${FIRST_CONNECT_WAIT_MS} ms of start-up`));
  return store;
}
