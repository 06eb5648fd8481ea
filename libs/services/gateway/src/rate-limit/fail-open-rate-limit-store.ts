import { counter, histogram, scrapeGauge, type Logger } from '@mp/telemetry';
import { MemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitDecision, RateLimitStore } from './rate-limit-store';

const storeUp = scrapeGauge('gateway_rate_limit_store_up', '1 while the shared rate-limit store (Redis) answers, 0 while limits are counted per replica', []);
const outages = counter('gateway_rate_limit_store_outages_total', 'Times the shared rate-limit store (Redis) failed and limits fell back to per-replica memory', []);
const sharedCalls = histogram('gateway_rate_limit_store_call_seconds', 'How long requests waited for the shared rate-limit store (Redis), by outcome', ['outcome']);
const localDecisions = counter('gateway_rate_limit_local_decisions_total', 'Rate-limit decisions counted in per-replica memory because the shared store was unavailable', []);

export interface FailOpenOptions {
  logger: Logger;
  /** While the shared store is down, at most one request per interval tries it again; the others decide in memory at once. */
  retryIntervalMs?: number;
}

/**
 * A shared store (Redis) that must never take the API down: when a call to it
 * fails or misses its deadline, the request is decided by a per-replica
 * memory store instead (limits still hold, per replica), the outage is logged
 * once and counted, and later calls go straight to memory but for one probe
 * per interval; the first probe that succeeds ends the outage and the limits
 * are shared again. Counts made in memory are not carried over.
 */
export class FailOpenRateLimitStore implements RateLimitStore {
  private readonly local = new MemoryRateLimitStore();
  private readonly retryIntervalMs: number;
  private outage?: { since: number; nextProbeAt: number; probing: boolean };
  private readonly removeGaugeSource: () => void;

  constructor(
    private readonly shared: RateLimitStore,
    private readonly options: FailOpenOptions,
  ) {
    this.retryIntervalMs = options.retryIntervalMs ?? 500;
    this.removeGaugeSource = storeUp.addSource(async () => [{ labels: {}, value: this.outage ? 0 : 1 }]);
  }

  /** True while limits are counted per replica. */
  get degraded(): boolean {
    return this.outage !== undefined;
  }

  async hit(key: string, limit: number, windowMs: number, now: number): Promise<RateLimitDecision> {
    const outage = this.outage;
    if (outage && (outage.probing || Date.now() < outage.nextProbeAt)) return this.decideLocally(key, limit, windowMs, now);
    if (outage) outage.probing = true;
    const stop = sharedCalls.startTimer();
    try {
      const decision = await this.shared.hit(key, limit, windowMs, now);
      stop({ outcome: 'ok' });
      this.recovered();
      return decision;
    } catch (error) {
      stop({ outcome: 'failed' });
      this.failed(error);
      return this.decideLocally(key, limit, windowMs, now);
    }
  }

  /** Readiness does not hang on the shared store: without it the gateway still serves, limits per replica. */
  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.removeGaugeSource();
    await this.shared.close();
    await this.local.close();
  }

  private decideLocally(key: string, limit: number, windowMs: number, now: number): Promise<RateLimitDecision> {
    localDecisions.inc();
    return this.local.hit(key, limit, windowMs, now);
  }

  /** An outage seen outside a call (Redis unreachable at start-up): logged and counted now, not at the first request. */
  reportUnavailable(error: unknown): void {
    this.failed(error);
  }

  private failed(error: unknown): void {
    const now = Date.now();
    if (this.outage) {
      this.outage.probing = false;
      this.outage.nextProbeAt = now + this.retryIntervalMs;
      return;
    }
    this.outage = { since: now, nextProbeAt: now + this.retryIntervalMs, probing: false };
    outages.inc();
    this.options.logger.warn('rate-limit store unavailable: limits are counted per replica until it returns', { error });
  }

  private recovered(): void {
    if (!this.outage) return;
    const outageMs = Date.now() - this.outage.since;
    this.outage = undefined;
    this.options.logger.info('rate-limit store is back: limits are shared again', { outageMs });
  }
}
