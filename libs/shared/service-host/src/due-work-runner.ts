import type { Logger } from '@mp/telemetry';
import type { DueJob } from './service-module';

/**
 * Runs each due job on its interval, never two passes of one job at once, and
 * on demand (the sandbox clock moved): `runAllNow` waits for a full pass of
 * every job that starts after it was called.
 */
export class DueWorkRunner {
  private readonly inFlight = new Map<string, Promise<number>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly jobs: DueJob[],
    private readonly logger: Logger,
  ) {}

  start(): void {
    for (const job of this.jobs) {
      const tick = async () => {
        if (this.stopped) return;
        await this.runOnce(job);
        if (!this.stopped) this.timers.push(setTimeout(tick, job.intervalMs).unref());
      };
      this.timers.push(setTimeout(tick, Math.min(job.intervalMs, 50)).unref());
    }
  }

  async runAllNow(): Promise<number> {
    let total = 0;
    for (const job of this.jobs) {
      const pending = this.inFlight.get(job.name);
      if (pending) await pending.catch(() => 0);
      total += await this.runOnce(job);
    }
    return total;
  }

  private runOnce(job: DueJob): Promise<number> {
    const existing = this.inFlight.get(job.name);
    if (existing) return existing.then(() => this.runOnce(job));
    const run = job
      .runDue()
      .catch((error: unknown) => {
        this.logger.error('due job failed', { job: job.name, error });
        return 0;
      })
      .finally(() => this.inFlight.delete(job.name));
    this.inFlight.set(job.name, run);
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    await Promise.all([...this.inFlight.values()].map((p) => p.catch(() => 0)));
  }
}
