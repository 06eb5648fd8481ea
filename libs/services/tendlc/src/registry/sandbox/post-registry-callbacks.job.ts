import type { Clock } from '@mp/clock';
import { describePostError, httpPost, withJitter, type DueJob, type RandomSource } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { registryCallbackUrl, signRegistryCallback } from '../tcr-callback';
import { claimDueRegistryCallbacks, markRegistryCallbackFailed, markRegistryCallbackSent, type RegistryCallbackRow } from './registry-callbacks.repository';

const BATCH_SIZE = 25;
export const CALLBACK_TIMEOUT_MS = 5_000;
// Longer than a post can take, so a claimed callback is not claimed twice while in flight.
const LEASE_MS = CALLBACK_TIMEOUT_MS * 12;
const MAX_RETRY_SECONDS = 300;

/** Where and how the sandbox registry posts; read on every pass (a composer may learn the gateway's address late). */
export interface RegistryCallbackTarget {
  /** The platform's callback base URL (the gateway); callbacks wait while it is unknown. */
  baseUrl(): string | undefined;
  secret: string;
}

/** Seconds until the next post after `failedAttempts` failures: 1, 2, 4, 8... capped at 5 minutes, spread up to 10% later (withJitter). */
export function retryDelaySeconds(failedAttempts: number, random: RandomSource = Math.random): number {
  return withJitter(Math.min(2 ** Math.min(Math.max(0, failedAttempts - 1), 30), MAX_RETRY_SECONDS), random);
}

/**
 * Posts the sandbox registry's due verdicts to POST {base}/v1/webhooks/tcr,
 * signed with the registry's secret; a post that is not answered 2xx is
 * retried with backoff, never dropped. Due by the sandbox clock: runs on its
 * interval and whenever the sandbox clock is advanced.
 */
export class PostRegistryCallbacksJob implements DueJob {
  readonly name = 'tendlc.sandbox-registry-callbacks';
  readonly intervalMs = 1_000;
  private warnedNoUrl = false;

  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
    private readonly target: RegistryCallbackTarget,
    private readonly logger: Logger,
  ) {}

  async runDue(): Promise<number> {
    const base = this.target.baseUrl();
    if (!base) {
      if (!this.warnedNoUrl) this.logger.warn('REGISTRY_CALLBACK_URL is not set; the sandbox registry callbacks wait until it is');
      this.warnedNoUrl = true;
      return 0;
    }
    const now = this.clock.now();
    const claimed = await claimDueRegistryCallbacks(this.db, now, BATCH_SIZE, new Date(now.getTime() + LEASE_MS));
    const url = registryCallbackUrl(base);
    await Promise.all(claimed.map((row) => this.deliver(url, row)));
    return claimed.length;
  }

  private async deliver(url: string, row: RegistryCallbackRow): Promise<void> {
    const attempts = row.attempts + 1;
    const body = Buffer.from(row.body, 'utf8');
    const error = await post(url, body, signRegistryCallback(this.target.secret, body));
    const now = this.clock.now();
    if (error === undefined) {
      await markRegistryCallbackSent(this.db, row.event_id, attempts, now);
      return;
    }
    const delay = retryDelaySeconds(attempts);
    this.logger.warn('registry callback not accepted; will retry', { eventId: row.event_id, attempts, retryInSeconds: delay, error });
    await markRegistryCallbackFailed(this.db, row.event_id, attempts, new Date(now.getTime() + delay * 1000), error);
  }
}

/** One signed POST; undefined when answered 2xx within the timeout, else what went wrong. */
async function post(url: string, body: Buffer, signature: string): Promise<string | undefined> {
  try {
    const answer = await httpPost(url, { headers: { 'content-type': 'application/json', 'x-signature': signature }, body, timeoutMs: CALLBACK_TIMEOUT_MS });
    return answer.status >= 200 && answer.status < 300 ? undefined : `HTTP ${answer.status}`;
  } catch (error) {
    return describePostError(error);
  }
}
