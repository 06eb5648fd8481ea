/**
 * `npm run bench`, first part: authenticated sends measured against the
 * floor of the architecture, in one process and one run:
 * - B0, a bare Node http server answering a fixed 201 JSON body;
 * - B1, an express app parsing the same JSON body and making one unary
 *   grpc-js call to a no-op service before answering 201 (bench/send/baselines.ts);
 * - the all-in-one platform on PGlite and, when DATABASE_URL is set, on a fresh
 *   PostgreSQL database of that server (created and dropped here);
 * - with `--distributed` (`npm run bench:distributed`) also every app as a
 *   process of its own on a fresh PostgreSQL database and Kafka (KAFKA_BROKERS,
 *   else a kcat mock cluster), reported next to the others, with no target.
 *
 * Per platform: accepted sends/s in a closed loop (20 connections) with the
 * message lifecycle running; a sustained run at a fixed offered rate of 10% of
 * B1 with the simulated carrier's receipt delay at 0 (accepted/s, delivered/s,
 * accept and send-to-delivered latency, the backlog at the end and 10 s
 * later); CPU ms per delivered message and SQL statements per message, both
 * counted. The last line printed is one JSON object with every figure.
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (20),
 * BENCH_SUSTAINED_SECONDS (30), BENCH_SUSTAINED_RATE (default 10% of B1),
 * BENCH_SUSTAINED_MAX_IN_FLIGHT, BENCH_DRAIN_SECONDS (30: at most this long for the
 * closed loop's messages to settle before the sustained run; it starts as soon as they have),
 * BENCH_TARGETS (comma list of pglite, postgres, distributed), DATABASE_URL,
 * KAFKA_BROKERS, BENCH_DISTRIBUTED=1 (as --distributed).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { startB0, startB1, type Baseline } from './send/baselines';
import { closedLoop, type ClosedLoopFigures } from './send/load';
import { measure, type MeasureOptions, type RunFigures } from './send/measure';
import { startAllInOne, startDistributed, type Target } from './send/targets';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 20);
const SUSTAINED_SECONDS = Number(env.BENCH_SUSTAINED_SECONDS ?? 30);
const DRAIN_SECONDS = Number(env.BENCH_DRAIN_SECONDS ?? 30);
const DATABASE_URL = env.DATABASE_URL?.trim() || undefined;
const DISTRIBUTED = process.argv.includes('--distributed') || env.BENCH_DISTRIBUTED === '1';
/** The distributed set needs a PostgreSQL server; without DATABASE_URL, the local one (as the distributed API suite does). */
const DISTRIBUTED_SERVER = DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type TargetName = 'pglite' | 'postgres' | 'distributed';
const TARGETS: TargetName[] = env.BENCH_TARGETS
  ? (env.BENCH_TARGETS.split(',').map((t) => t.trim()) as TargetName[])
  : ['pglite', ...(DATABASE_URL ? (['postgres'] as const) : []), ...(DISTRIBUTED ? (['distributed'] as const) : [])];

const began = Date.now();
const log = (line: string) => console.error(`[bench ${((Date.now() - began) / 1000).toFixed(1)}s] ${line}`);

async function baseline(name: string, start: () => Promise<Baseline>): Promise<ClosedLoopFigures> {
  const server = await start();
  try {
    log(`${name}: closed loop, ${CONNECTIONS} connections for ${SECONDS} s`);
    const body = JSON.stringify({ to: '+14155550123', body: 'Benchmark message', clientReference: 'bench' });
    return await closedLoop({ url: server.url, headers: { 'x-api-key': 'not-checked' }, body }, CONNECTIONS, SECONDS);
  } finally {
    await server.stop();
  }
}

function startTarget(name: TargetName): Promise<Target> {
  switch (name) {
    case 'pglite':
      return startAllInOne('pglite');
    case 'postgres':
      if (!DATABASE_URL) throw new Error('the postgres target needs DATABASE_URL');
      return startAllInOne('postgres', DATABASE_URL);
    case 'distributed':
      return startDistributed(DISTRIBUTED_SERVER);
  }
  throw new Error(`unknown target ${name as string} (BENCH_TARGETS: pglite, postgres, distributed)`);
}

const fmt = (value: unknown, digits = 0): string => {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return String(value);
};
const ratio = (a: number | null, b: number) => (a === null || b <= 0 ? null : Number((a / b).toFixed(4)));

async function main() {
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
  // Everything here shares the machine: other work running meanwhile moves every figure.
  const loadAtStart = Number(loadavg()[0].toFixed(2));
  const b0 = await baseline('B0 bare node http', startB0);
  const b1 = await baseline('B1 express + JSON + one unary grpc-js call', startB1);
  const rate = Number(env.BENCH_SUSTAINED_RATE ?? Math.max(1, Math.round(0.1 * b1.perSecond)));
  const options: MeasureOptions = {
    closedSeconds: SECONDS,
    closedConnections: CONNECTIONS,
    sustainedRate: rate,
    sustainedSeconds: SUSTAINED_SECONDS,
    // Enough for the offered rate at 100 ms per answer; an overloaded target shows as skipped sends.
    sustainedMaxInFlight: Number(env.BENCH_SUSTAINED_MAX_IN_FLIGHT ?? Math.max(50, Math.ceil(rate / 10))),
    drainSeconds: DRAIN_SECONDS,
    afterSeconds: 10,
  };

  const runs: Array<RunFigures & Record<string, unknown>> = [];
  const failures: Array<{ target: string; error: string }> = [];
  for (const name of TARGETS) {
    let target: Target | undefined;
    try {
      log(`${name}: starting`);
      const started = Date.now();
      target = await startTarget(name);
      log(`${target.label}: ready in ${Date.now() - started} ms${'describe' in target ? ` (${String(target.describe)})` : ''}`);
      const figures = await measure(target, options, log);
      runs.push({
        ...figures,
        acceptRatioToB0: ratio(figures.acceptedPerSecond, b0.perSecond),
        acceptRatioToB1: ratio(figures.acceptedPerSecond, b1.perSecond),
        closedLoopSettledRatioToB1: ratio(figures.closedLoopSettledPerSecond, b1.perSecond),
        sustainedAcceptedRatioToB0: ratio(figures.sustainedAcceptedPerSecond, b0.perSecond),
        sustainedAcceptedRatioToB1: ratio(figures.sustainedAcceptedPerSecond, b1.perSecond),
        sustainedDeliveredRatioToB0: ratio(figures.sustainedDeliveredPerSecond, b0.perSecond),
        sustainedDeliveredRatioToB1: ratio(figures.sustainedDeliveredPerSecond, b1.perSecond),
      });
    } catch (error) {
      log(`${name}: failed: ${(error as Error).stack ?? String(error)}`);
      failures.push({ target: name, error: (error as Error).message });
    } finally {
      await target?.stop().catch((error: unknown) => log(`${name}: stopping failed: ${String(error)}`));
      log(`${name}: stopped`);
    }
  }

  console.log(`machine: ${machine}; load average (1 min) at start ${loadAtStart}, at end ${loadavg()[0].toFixed(2)}`);
  console.log(
    `run: closed loops ${CONNECTIONS} connections for ${SECONDS} s; sustained ${rate}/s offered (10% of B1) for ${SUSTAINED_SECONDS} s, ` +
      `at most ${options.sustainedMaxInFlight} in flight, receipt delay 0; backlog read at the end and 10 s later`,
  );
  console.table([
    { target: 'B0 bare node http (fixed 201)', 'accepted/s': fmt(b0.perSecond), 'p50 ms': fmt(b0.p50Ms), 'p99 ms': fmt(b0.p99Ms), non2xx: b0.non2xx },
    { target: 'B1 express + json + 1 unary grpc-js call', 'accepted/s': fmt(b1.perSecond), 'p50 ms': fmt(b1.p50Ms), 'p99 ms': fmt(b1.p99Ms), non2xx: b1.non2xx },
  ]);
  const rows: Array<[string, (r: (typeof runs)[number]) => string]> = [
    ['accepted/s (closed loop, lifecycle running)', (r) => fmt(r.acceptedPerSecond)],
    ['  p50 / p99 ms', (r) => `${fmt(r.closedLoopP50Ms)} / ${fmt(r.closedLoopP99Ms)}`],
    ['  ratio to B0 / B1', (r) => `${fmt(r.acceptRatioToB0, 4)} / ${fmt(r.acceptRatioToB1, 4)}`],
    ['  non-2xx / errors', (r) => `${r.closedLoopNon2xx} / ${r.closedLoopErrors}`],
    ['  settled (delivered or failed) in the loop, per s; ratio to B1', (r) => `${fmt(r.closedLoopSettledPerSecond)}; ${fmt(r.closedLoopSettledRatioToB1, 4)}`],
    ['  left unsettled at sustained start', (r) => fmt(r.closedLoopBacklogAtSustainedStart)],
    ['sustained: offered/s', (r) => fmt(r.sustainedOfferedPerSecond)],
    ['  issued / skipped (in-flight cap)', (r) => `${fmt(r.sustainedIssued)} / ${fmt(r.sustainedSkipped)}`],
    ['  accepted/s', (r) => fmt(r.sustainedAcceptedPerSecond)],
    ['  delivered/s', (r) => fmt(r.sustainedDeliveredPerSecond)],
    ['  ratio accepted to B0 / B1', (r) => `${fmt(r.sustainedAcceptedRatioToB0, 4)} / ${fmt(r.sustainedAcceptedRatioToB1, 4)}`],
    ['  ratio delivered to B0 / B1', (r) => `${fmt(r.sustainedDeliveredRatioToB0, 4)} / ${fmt(r.sustainedDeliveredRatioToB1, 4)}`],
    ['  accept p50 / p99 ms', (r) => `${fmt(r.acceptP50Ms, 1)} / ${fmt(r.acceptP99Ms, 1)}`],
    ['  send-to-delivered p50 / p99 ms', (r) => `${r.sendToDeliveredP50IsLowerBound ? '≥' : ''}${fmt(r.sendToDeliveredP50Ms)} / ${r.sendToDeliveredP99IsLowerBound ? '≥' : ''}${fmt(r.sendToDeliveredP99Ms)}`],
    ['  backlog at end / 10 s later', (r) => `${fmt(r.backlogAtEnd)} / ${fmt(r.backlogAfter10s)}`],
    ['  10 s later by status', (r) => Object.entries(r.backlogAfter10sByStatus).map(([status, n]) => `${status} ${n}`).join(', ') || '–'],
    ['  refused / errors', (r) => `${JSON.stringify(r.sustainedRefused)} / ${r.sustainedErrors}`],
    ['CPU ms per delivered message', (r) => fmt(r.cpuMsPerMessage, 2)],
    ['  PostgreSQL backends, ms per message', (r) => fmt(r.postgresCpuMsPerMessage, 2)],
    ['  load generator (distributed), ms', (r) => fmt(r.loadGeneratorCpuMsPerMessage, 2)],
    ['  through the 10 s after, ms', (r) => fmt(r.cpuMsPerMessageThroughDrain, 2)],
    ['SQL statements per message', (r) => fmt(r.statementsPerMessage, 1)],
    ['  through the 10 s after', (r) => fmt(r.statementsPerMessageThroughDrain, 1)],
  ];
  if (runs.length > 0) {
    console.table(Object.fromEntries(rows.map(([label, cell]) => [label, Object.fromEntries(runs.map((r) => [r.target, cell(r)]))])));
  }
  for (const failure of failures) console.log(`FAILED ${failure.target}: ${failure.error}`);

  // Top level: the all-in-one PostgreSQL run when it ran, else PGlite; the others beside it.
  const primary = runs.find((r) => r.mode === 'all-in-one' && r.storage === 'postgres') ?? runs.find((r) => r.mode === 'all-in-one') ?? runs[0];
  const pglite = runs.find((r) => r.mode === 'all-in-one' && r.storage === 'pglite');
  const distributed = runs.find((r) => r.mode === 'distributed');
  console.log(
    JSON.stringify({
      b0PerSecond: b0.perSecond,
      b0P99Ms: b0.p99Ms,
      b1PerSecond: b1.perSecond,
      b1P99Ms: b1.p99Ms,
      ...primary,
      ...(pglite && pglite !== primary ? { pglite } : {}),
      ...(distributed && distributed !== primary ? { distributed } : {}),
      ...(failures.length > 0 ? { failures } : {}),
      machine,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: Number(loadavg()[0].toFixed(2)),
    }),
  );
  process.exit(failures.length > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
