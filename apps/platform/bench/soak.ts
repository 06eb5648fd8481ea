/**
 * `npm run soak`: the all-in-one platform under a fixed offered rate of sends
 * (10% of B1, measured here first as the send benchmark does) for
 * SOAK_MINUTES (10). After warm-up it reads heap and RSS after a forced full
 * collection every SOAK_SAMPLE_SECONDS and fits their growth per hour; the
 * event-loop delay p99 is taken over the same stretch. The last line printed
 * is one JSON object with every figure.
 *
 * Target (a benchmark, not a test): heap growth under 2 MB per hour after warm-up.
 *
 * Environment: SOAK_MINUTES (10, warm-up included), SOAK_WARMUP_MINUTES
 * (a fifth of the run, at most 2), SOAK_SAMPLE_SECONDS (10), SOAK_RATE
 * (default 10% of B1; set, B1 is not measured), SOAK_MAX_IN_FLIGHT,
 * BENCH_SECONDS and BENCH_CONNECTIONS (B1's closed loop: 10 s, 20), and
 * DATABASE_URL: a fresh database on that PostgreSQL server (created and
 * dropped here), else PGlite in memory, whose data then grows RSS with every
 * message stored. SOAK_HEAP_SNAPSHOTS=<dir> writes a heap snapshot at the
 * first reading after warm-up and at the last, to see what grew.
 *
 * Each reading also counts the messages not yet final: a lifecycle that falls
 * behind the offered rate holds more in flight (heap that comes back as the
 * backlog drains), so the heap's growth is also given with that backlog held
 * fixed (a least-squares fit on both), beside the plain slope.
 *
 * The load generator runs in this process (as the send benchmark's does) and
 * issues its requests in windows of SOAK_SAMPLE_SECONDS, so nothing it keeps
 * grows with the run; its share of the event loop shows in the delay.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { startB1 } from './send/baselines';
import { closedLoop, openLoop } from './send/load';
import { benchSender, notFinal, SUSTAINED_DESTINATION } from './send/measure';
import { startAllInOne, type Target } from './send/targets';
import { growthPerHour, growthPerHourAtSteady, growthStdErrPerHour, readMemory, type MemoryReading } from './soak/memory';

const env = process.env;
const MINUTES = Number(env.SOAK_MINUTES ?? 10);
const WARMUP_MINUTES = Number(env.SOAK_WARMUP_MINUTES ?? Math.min(2, MINUTES / 5));
const SAMPLE_SECONDS = Number(env.SOAK_SAMPLE_SECONDS ?? 10);
const B1_SECONDS = Number(env.BENCH_SECONDS ?? 10);
const B1_CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 20);
const DATABASE_URL = env.DATABASE_URL?.trim() || undefined;
const SNAPSHOTS = env.SOAK_HEAP_SNAPSHOTS?.trim() || undefined;
const HEAP_TARGET_MB_PER_HOUR = 2;

const began = Date.now();
const log = (line: string) => console.error(`[soak ${((Date.now() - began) / 1000).toFixed(1)}s] ${line}`);
const round = (value: number | null, digits = 2) => (value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits)));

async function measureB1(): Promise<number> {
  const server = await startB1();
  try {
    log(`B1: closed loop, ${B1_CONNECTIONS} connections for ${B1_SECONDS} s`);
    const body = JSON.stringify({ to: '+14155550123', body: 'Benchmark message', clientReference: 'bench' });
    return (await closedLoop({ url: server.url, headers: { 'x-api-key': 'not-checked' }, body }, B1_CONNECTIONS, B1_SECONDS)).perSecond;
  } finally {
    await server.stop();
  }
}

/** The p-th percentile (0..100) of the first `n` values, nearest rank. */
function percentileOf(values: Float64Array, n: number, p: number): number | null {
  if (n === 0) return null;
  const sorted = values.slice(0, n).sort();
  return sorted[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))];
}

async function main() {
  if (!(MINUTES > 0) || !(WARMUP_MINUTES >= 0) || WARMUP_MINUTES >= MINUTES) throw new Error('SOAK_MINUTES must be above SOAK_WARMUP_MINUTES');
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
  const loadAtStart = Number(loadavg()[0].toFixed(2));
  const b1 = env.SOAK_RATE ? null : await measureB1();
  const rate = Number(env.SOAK_RATE ?? Math.max(1, Math.round(0.1 * b1!)));
  const maxInFlight = Number(env.SOAK_MAX_IN_FLIGHT ?? Math.max(50, Math.ceil(rate / 10)));

  log(`starting the all-in-one platform on ${DATABASE_URL ? 'a fresh PostgreSQL database' : 'PGlite in memory'}`);
  const target: Target = await startAllInOne(DATABASE_URL ? 'postgres' : 'pglite', DATABASE_URL);
  try {
    const sender = await benchSender(target);
    const send = sender.sendTo(SUSTAINED_DESTINATION, 'soak');
    log(`${target.label}: ${rate}/s offered for ${MINUTES} min (warm-up ${WARMUP_MINUTES} min), a reading every ${SAMPLE_SECONDS} s`);

    const startedAt = Date.now();
    const endAt = startedAt + MINUTES * 60_000;
    const warmupEndsAt = startedAt + WARMUP_MINUTES * 60_000;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const readings: Array<MemoryReading & { notFinal: number }> = [];
    const totals = { issued: 0, accepted: 0, skipped: 0, errors: 0, refused: {} as Record<string, number>, measuredAccepted: 0 };
    // Allocated once, before the first reading after warm-up, so the latencies kept do not count as growth.
    let latencies: Float64Array | undefined;
    let kept = 0;

    while (Date.now() < endAt) {
      const seconds = Math.min(SAMPLE_SECONDS, (endAt - Date.now()) / 1000);
      const window = await openLoop(send, rate, seconds, maxInFlight);
      totals.issued += window.issued;
      totals.accepted += window.accepted;
      totals.skipped += window.skipped;
      totals.errors += window.errors;
      for (const [status, n] of Object.entries(window.refused)) totals.refused[status] = (totals.refused[status] ?? 0) + n;
      if (latencies) {
        totals.measuredAccepted += window.accepted;
        for (const ms of window.acceptLatenciesMs) if (kept < latencies.length) latencies[kept++] = ms;
      }
      if (Date.now() < warmupEndsAt) {
        log(`warming up: ${totals.accepted} accepted`);
        continue;
      }
      // The forced collection is the reading's, not the platform's: kept out of the delay histogram.
      delay.disable();
      latencies ??= new Float64Array(Math.ceil(rate * (MINUTES - WARMUP_MINUTES) * 60 * 1.1) + 1000);
      const reading = { ...readMemory(startedAt), notFinal: 0 };
      readings.push(reading);
      const last = Date.now() >= endAt;
      if (SNAPSHOTS && (readings.length === 1 || last)) log(`heap snapshot: ${writeHeapSnapshot(join(SNAPSHOTS, `soak-${readings.length === 1 ? 'first' : 'last'}.heapsnapshot`))}`);
      delay.enable();
      reading.notFinal = await notFinal(target, sender.accountId);
      log(
        `${(reading.atMs / 60_000).toFixed(1)} min: heap ${reading.heapUsedMB.toFixed(1)} MB, RSS ${reading.rssMB.toFixed(1)} MB, ` +
          `${totals.accepted} accepted, ${totals.skipped} skipped, ${reading.notFinal} not final`,
      );
    }
    delay.disable();
    const backlogAtEnd = await notFinal(target, sender.accountId);
    const measuredSeconds = readings.length > 1 ? (readings.at(-1)!.atMs - readings[0].atMs) / 1000 : null;
    const first = readings[0];
    const last = readings.at(-1);
    const heapGrowth = growthPerHour(readings, (r) => r.heapUsedMB);
    const figures = {
      minutes: MINUTES,
      warmupMinutes: WARMUP_MINUTES,
      target: target.label,
      b1PerSecond: b1,
      offeredPerSecond: rate,
      heapGrowthMBPerHour: round(heapGrowth),
      heapGrowthStdErrMBPerHour: round(growthStdErrPerHour(readings, (r) => r.heapUsedMB)),
      heapGrowthMBPerHourAtSteadyBacklog: round(growthPerHourAtSteady(readings, (r) => r.heapUsedMB, (r) => r.notFinal)),
      rssGrowthMBPerHour: round(growthPerHour(readings, (r) => r.rssMB)),
      externalGrowthMBPerHour: round(growthPerHour(readings, (r) => r.externalMB)),
      heapAfterWarmupMB: round(first?.heapUsedMB ?? null, 1),
      heapAtEndMB: round(last?.heapUsedMB ?? null, 1),
      rssAfterWarmupMB: round(first?.rssMB ?? null, 1),
      rssAtEndMB: round(last?.rssMB ?? null, 1),
      eventLoopDelayP99Ms: round(delay.count > 0 ? delay.percentile(99) / 1e6 : null, 1),
      eventLoopDelayMaxMs: round(delay.count > 0 ? delay.max / 1e6 : null, 1),
      readings: readings.length,
      issued: totals.issued,
      accepted: totals.accepted,
      skipped: totals.skipped,
      refused: totals.refused,
      errors: totals.errors,
      acceptedPerSecondAfterWarmup: round(measuredSeconds ? totals.measuredAccepted / measuredSeconds : null, 1),
      acceptP99MsAfterWarmup: round(latencies ? percentileOf(latencies, kept, 99) : null, 1),
      notFinalAfterWarmup: first?.notFinal ?? null,
      notFinalAtLastReading: last?.notFinal ?? null,
      backlogAtEnd,
      heapTargetMBPerHour: HEAP_TARGET_MB_PER_HOUR,
      heapTargetMet: heapGrowth === null ? null : heapGrowth < HEAP_TARGET_MB_PER_HOUR,
      machine,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: Number(loadavg()[0].toFixed(2)),
    };
    console.log(`machine: ${machine}; load average (1 min) at start ${loadAtStart}, at end ${figures.loadAverageAtEnd}`);
    console.log(
      `${target.label}, ${rate}/s offered${b1 ? ` (10% of B1 ${b1}/s)` : ''} for ${MINUTES} min; ${readings.length} readings after ` +
        `${WARMUP_MINUTES} min of warm-up: heap ${figures.heapAfterWarmupMB} -> ${figures.heapAtEndMB} MB ` +
        `(${figures.heapGrowthMBPerHour} ± ${figures.heapGrowthStdErrMBPerHour} MB/h, ${figures.heapGrowthMBPerHourAtSteadyBacklog} MB/h at a steady backlog; target < ${HEAP_TARGET_MB_PER_HOUR}), ` +
        `messages not final ${figures.notFinalAfterWarmup} -> ${figures.notFinalAtLastReading}, RSS ${figures.rssAfterWarmupMB} -> ${figures.rssAtEndMB} MB ` +
        `(${figures.rssGrowthMBPerHour} MB/h), event-loop delay p99 ${figures.eventLoopDelayP99Ms} ms`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    await target.stop().catch((error: unknown) => log(`stopping failed: ${String(error)}`));
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
