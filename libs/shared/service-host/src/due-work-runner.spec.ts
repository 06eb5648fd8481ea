import { createLogger } from '@mp/telemetry';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DueWorkRunner, type DrainableJob } from './due-work-runner';
import type { DueJob } from './service-module';

const silent = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job whose pass waits until released, like a dispatch pass with carrier calls in flight. */
function gatedJob(name: string) {
  const state = { passes: 0, finished: 0, stopClaimingCalls: 0, release: () => undefined as void };
  const job: DrainableJob = {
    name,
    intervalMs: 10,
    runDue: () => {
      state.passes += 1;
      return new Promise<number>((resolve) => {
        state.release = () => {
          state.finished += 1;
          resolve(1);
        };
      });
    },
    stopClaiming: () => {
      state.stopClaimingCalls += 1;
    },
  };
  return { job, state };
}

describe('DueWorkRunner.stop', () => {
  it('tells drainable jobs to stop claiming, then waits for the pass in hand to finish', async () => {
    const { job, state } = gatedJob('dispatch');
    const runner = new DueWorkRunner([job], silent);
    runner.start();
    while (state.passes === 0) await sleep(5);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await sleep(30);
    expect(state.stopClaimingCalls).toBe(1);
    expect(stopped).toBe(false); // the pass in hand is not abandoned
    state.release();
    await stopping;
    expect(state.finished).toBe(1);
  });

  it('starts no pass after stop: neither on its interval nor on demand', async () => {
    let passes = 0;
    const job: DueJob = { name: 'release', intervalMs: 5, runDue: async () => ++passes };
    const runner = new DueWorkRunner([job], silent);
    runner.start();
    while (passes === 0) await sleep(5);
    await runner.stop();
    const after = passes;
    expect(await runner.runAllNow()).toBe(0);
    await sleep(50);
    expect(passes).toBe(after);
  });

  it('a job without stopClaiming is simply waited for', async () => {
    let finished = false;
    const job: DueJob = {
      name: 'timeouts',
      intervalMs: 1_000,
      runDue: async () => {
        await sleep(40);
        finished = true;
        return 1;
      },
    };
    const runner = new DueWorkRunner([job], silent);
    const pass = runner.runAllNow();
    await runner.stop();
    expect(finished).toBe(true);
    expect(await pass).toBe(1);
  });
});

describe('DueWorkRunner pacing', () => {
  it('runs a pass that found work again at once, and waits its interval once the work is done', async () => {
    const backlog = { left: 30, passes: 0 };
    // A queue worked in batches of 5, polled every second.
    const job: DueJob = {
      name: 'callbacks',
      intervalMs: 1_000,
      runDue: async () => {
        backlog.passes += 1;
        const taken = Math.min(5, backlog.left);
        backlog.left -= taken;
        return taken;
      },
    };
    const runner = new DueWorkRunner([job], silent);
    runner.start();
    await sleep(300);
    // All 30 within the first 300 ms (one batch per interval would need six seconds), then one empty pass and a wait.
    expect(backlog).toEqual({ left: 0, passes: 7 });
    await runner.stop();
  });

  it('waits its interval after a long run of busy passes, so a job that never clears its work cannot spin', async () => {
    let passes = 0;
    const job: DueJob = { name: 'stuck', intervalMs: 1_000, runDue: async () => ++passes };
    const runner = new DueWorkRunner([job], silent);
    runner.start();
    // However slow the machine: the first pass and 100 more back to back, then the interval.
    const deadline = Date.now() + 10_000;
    while (passes < 101 && Date.now() < deadline) await sleep(10);
    await sleep(200);
    await runner.stop();
    expect(passes).toBe(101);
  });
});

describe('DueWorkRunner memory', () => {
  // A real collection, so the test sees what a long-running process keeps, not what the code says it keeps.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;

  it('holds on to no timer handle whose tick has run (an idle job ticking a while keeps only its next one)', async () => {
    const realSetTimeout = global.setTimeout;
    const handles: WeakRef<object>[] = [];
    let passes = 0;
    const job: DueJob = { name: 'idle', intervalMs: 1, runDue: async () => (++passes, 0) };
    const runner = new DueWorkRunner([job], silent);
    global.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
      const handle = realSetTimeout(...args);
      handles.push(new WeakRef(handle));
      return handle;
    }) as typeof setTimeout;
    try {
      runner.start();
      while (passes < 60) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      global.setTimeout = realSetTimeout;
    }
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const alive = handles.filter((ref) => ref.deref() !== undefined).length;
    await runner.stop();
    expect(handles.length).toBeGreaterThanOrEqual(60);
    expect(alive).toBeLessThanOrEqual(2); // the pending one (and at most one whose callback is running)
  });
});

describe('DueWorkRunner during a database outage', () => {
  it('says once per interval that a job waits for the database, not once per failed tick, and still logs any other failure each time', async () => {
    const lines: Array<{ level: string; message: string }> = [];
    const record = (level: string) => (message: string) => void lines.push({ level, message });
    const logger = { ...silent, warn: record('warn'), error: record('error') } as typeof silent;
    let refused = 0;
    const jobs: DueJob[] = [
      {
        name: 'away',
        intervalMs: 5,
        runDue: async () => {
          refused += 1;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      },
    ];
    const runner = new DueWorkRunner(jobs, logger);
    runner.start();
    while (refused < 10) await sleep(5);
    await runner.runAllNow().catch(() => 0);
    await runner.stop();
    expect(lines).toEqual([{ level: 'warn', message: 'due job waiting for the database' }]);

    const broken = new DueWorkRunner([{ name: 'bug', intervalMs: 1000, runDue: async () => Promise.reject(new TypeError('x is undefined')) }], logger);
    await broken.runAllNow();
    await broken.runAllNow();
    await broken.stop();
    expect(lines.filter((line) => line.message === 'due job failed')).toHaveLength(2);
  });
});
