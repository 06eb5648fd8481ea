import type { Logger } from '@mp/telemetry';

/** One step of a shutdown, named for the log when the grace runs out during it. */
export interface ShutdownStep {
  name: string;
  run(): Promise<void> | void;
}

export interface ShutdownOutcome {
  /** 0: every step finished in time; 1: a step failed or the grace ran out. */
  code: 0 | 1;
  /** The step still running when the grace ran out. */
  hung?: string;
  /** Steps that never started (the grace ran out first). */
  left: string[];
  failed: string[];
}

/**
 * Runs the steps in order within `graceMs`. A failing step is logged and the
 * next one still runs (the database pool closes even if the broker would not);
 * when the grace runs out, says which step hung and what was left.
 */
export async function runShutdown(steps: ShutdownStep[], options: { graceMs: number; logger: Logger }): Promise<ShutdownOutcome> {
  const failed: string[] = [];
  let current = 0;
  const all = (async () => {
    for (; current < steps.length; current += 1) {
      try {
        await steps[current].run();
      } catch (error) {
        failed.push(steps[current].name);
        options.logger.error('shutdown step failed', { step: steps[current].name, error });
      }
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), options.graceMs)));
  const result = await Promise.race([all.then(() => 'done' as const), expired]);
  clearTimeout(timer);
  if (result === 'expired') {
    const outcome: ShutdownOutcome = { code: 1, hung: steps[current]?.name, left: steps.slice(current + 1).map((s) => s.name), failed };
    options.logger.error('shutdown grace exceeded; exiting with work left', { graceMs: options.graceMs, ...outcome });
    return outcome;
  }
  return { code: failed.length > 0 ? 1 : 0, left: [], failed };
}

/**
 * On SIGTERM or SIGINT runs the shutdown once (a second signal does not
 * start another) and exits with its code, within the grace (SHUTDOWN_GRACE_MS,
 * below the orchestrator's termination grace period).
 */
export function exitOnSignals(steps: ShutdownStep[], options: { graceMs: number; logger: Logger }): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.logger.info('shutting down', { signal, graceMs: options.graceMs });
    void runShutdown(steps, options).then((outcome) => {
      if (outcome.code === 0) options.logger.info('stopped');
      process.exit(outcome.code);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
