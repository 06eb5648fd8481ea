import { isDatabaseUnavailable } from '@mp/problems';
import type { Logger } from '@mp/telemetry';
import type { DueJob } from './service-module';

/**
 * A due job whose pass in hand can end early on shutdown: after
 * `stopClaiming` it claims nothing more, finishes what it started and gives
 * back what it claimed but had not started (e.g. message leases), so the next
 * process takes that at once.
 */
export interface DrainableJob extends DueJob {
  stopClaiming(): void;
}

const isDrainable = (job: DueJob): job is DrainableJob => typeof (job as Partial<DrainableJob>).stopClaiming === 'function';

/** How often a job that fails because the database is unavailable says so. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/** Passes that found work run back to back at most this many times before the job's interval. */
const MAX_BUSY_PASSES = 100;

/**
 * Runs each due job on its interval (at once again while passes find work), never two passes of one job at once, and
 * on demand (the sandbox clock moved): `runAllNow` waits for a full pass of
 * every job that starts after it was called.
 */
export class DueWorkRunner {
  private readonly inFlight = new Map<string, Promise<number>>();
  /** The one pending timer of each job, replaced as it is re-armed: nothing here outlives its tick. */
  private readonly timers = new Map<DueJob, NodeJS.Timeout>();
  private readonly outageLoggedAt = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly jobs: DueJob[],
    private readonly logger: Logger,
  ) {}

  start(): void {
    for (const job of this.jobs) {
      let busyPasses = 0;
      const tick = async () => {
        if (this.stopped) return;
        const done = await this.runOnce(job);
        // A pass that found work runs again at once (a backlog drains at the job's own pace, not one
        // batch per interval); after MAX_BUSY_PASSES in a row it waits its interval once, so a job
        // that keeps reporting work without clearing it cannot hold the process in a loop.
        busyPasses = done > 0 && busyPasses < MAX_BUSY_PASSES ? busyPasses + 1 : 0;
        if (!this.stopped) this.timers.set(job, setTimeout(tick, busyPasses > 0 ? 0 : job.intervalMs).unref());
      };
      this.timers.set(job, setTimeout(tick, Math.min(job.intervalMs, 50)).unref());
    }
  }

  async runAllNow(): Promise<number> {
    let total = 0;
    for (const job of this.jobs) {
      if (this.stopped) break;
      const pending = this.inFlight.get(job.name);
      if (pending) await pending.catch(() => 0);
      total += await this.runOnce(job);
    }
    return total;
  }

  /** While the database is away a job fails every tick (5 a second for some): one line per job per interval instead. */
  private outageLine(job: string, error: unknown): void {
    const last = this.outageLoggedAt.get(job);
    const now = performance.now();
    if (last !== undefined && now - last < OUTAGE_LOG_INTERVAL_MS) return;
    this.outageLoggedAt.set(job, now);
    this.logger.warn('due job waiting for the database', { job, error });
  }

  private runOnce(job: DueJob): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    const existing = this.inFlight.get(job.name);
    if (existing) return existing.then(() => this.runOnce(job));
    const run = job
      .runDue()
      .catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) this.outageLine(job.name, error);
        else this.logger.error('due job failed', { job: job.name, error });
        return 0;
      })
      .finally(() => this.inFlight.delete(job.name));
    this.inFlight.set(job.name, run);
    return run;
  }

  /**
   * Starts no more passes, tells drainable jobs to stop claiming (their pass
   * in hand finishes what it started and returns the rest), and waits for the
   * passes in flight.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const job of this.jobs) if (isDrainable(job)) job.stopClaiming();
    await Promise.all([...this.inFlight.values()].map((p) => p.catch(() => 0)));
  }
}
