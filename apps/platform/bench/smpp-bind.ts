/**
 * `npm run bench`, SMPP part (issue 28 point 10): what one bind of messaging's
 * SmppCarrier carries, and how closely its pacing holds throughputPerSecond.
 *
 * Throughput, per SMSC, all in this process on 127.0.0.1: @mp/smpp's
 * ScriptedSmsc, which answers every submit_sm at once and keeps nothing (the
 * ceiling: the client is all that is measured), and the carrier simulator's
 * sandbox SMSC on in-memory PGlite (what a sandbox deployment binds to; it
 * files every part and its receipt, which bounds it far below the client):
 * - baseline: one raw @mp/smpp SmppSession, window 10, submitting the very
 *   submit_sm SmppCarrier sends for a one-segment message in a closed loop,
 *   half before the carrier's loops and half after;
 * - SmppCarrier, one bind, window 10, throughputPerSecond 100,000 (pacing
 *   out of the way), a closed loop of one-segment messages, then of
 *   three-segment ones (UDH): messages/s, segments/s and segments/s as a
 *   ratio to the baseline's submits/s, so the machine's speed cancels out.
 * The carrier's part ledger only counts (its database writes are dispatch's
 * cost, measured by the send bench).
 *
 * Pacing, on the ScriptedSmsc (so the SMSC never holds the rate down):
 * throughputPerSecond 50 and 200, offered far more (a closed loop of one- and
 * three-segment messages), for SMPP_PACING_SECONDS each: the largest count of
 * segments the SMSC received in any one-second window (sliding, on the SMSC's
 * own receive times) against the configured value, and the mean rate. A
 * largest count above the configured value is a broken guarantee, not a slow
 * machine: the run prints FAIL and exits 1. Refused or failed submissions do too.
 *
 * Environment: SMPP_BENCH_SECONDS (3, each throughput loop and the baseline's
 * two halves together), SMPP_BENCH_WORKERS (20 concurrent submitters),
 * SMPP_PACING_SECONDS (10), SMPP_PACING_RATES (50,200). The last line printed
 * is one JSON object with every figure.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { busiestSecond, carrierLoop, connectionTo, meanRate, openCarrier, recordSubmitWrites, rawSessionLoop, SINGLE, THREE_SEGMENTS, type LoopFigures } from './smpp/load';
import { startSandbox, startScripted, type BenchSmsc } from './smpp/smscs';

const env = process.env;
const SECONDS = Number(env.SMPP_BENCH_SECONDS ?? 3);
const WORKERS = Number(env.SMPP_BENCH_WORKERS ?? 20);
const PACING_SECONDS = Number(env.SMPP_PACING_SECONDS ?? 10);
const PACING_RATES = (env.SMPP_PACING_RATES ?? '50,200').split(',').map(Number);
const WINDOW = 10;
const UNPACED = 100_000;

const began = Date.now();
const log = (line: string) => console.error(`[smpp bench ${((Date.now() - began) / 1000).toFixed(1)}s] ${line}`);
const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(3)) : null);
const fmt = (value: number | null, digits = 0) => (value === null ? '–' : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const failures: string[] = [];

function noteFailed(what: string, figures: LoopFigures): void {
  const failed = Object.entries(figures.failed);
  if (failed.length > 0) failures.push(`${what}: not accepted ${failed.map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
}

interface ThroughputFigures {
  smsc: string;
  /** Over both halves of the baseline. */
  rawSubmitsPerSecond: number;
  rawSubmitsPerSecondBeforeAndAfter: [number, number];
  single: LoopFigures & { segmentsRatioToRaw: number | null };
  threeSegments: LoopFigures & { segmentsRatioToRaw: number | null };
}

async function throughput(smsc: BenchSmsc, key: string): Promise<ThroughputFigures> {
  // The baseline runs half before the carrier's loops and half after, so a change in the machine's load meanwhile moves both alike.
  log(`${key}: raw SmppSession, window ${WINDOW}, ${WORKERS} submitters for ${SECONDS / 2} s`);
  const rawBefore = await rawSessionLoop(smsc, SECONDS / 2, WORKERS, WINDOW);
  const { carrier, recorded } = await openCarrier(connectionTo(smsc, UNPACED, WINDOW));
  let single: LoopFigures;
  let threeSegments: LoopFigures;
  try {
    log(`${key}: SmppCarrier, one bind, window ${WINDOW}, one-segment messages for ${SECONDS} s`);
    single = await carrierLoop(carrier, [SINGLE], SECONDS, WORKERS);
    log(`${key}: SmppCarrier, three-segment messages for ${SECONDS} s`);
    threeSegments = await carrierLoop(carrier, [THREE_SEGMENTS], SECONDS, WORKERS);
  } finally {
    await carrier.close();
  }
  log(`${key}: raw SmppSession again for ${SECONDS / 2} s`);
  const rawAfter = await rawSessionLoop(smsc, SECONDS / 2, WORKERS, WINDOW);
  noteFailed(`${key} raw session`, rawBefore);
  noteFailed(`${key} raw session`, rawAfter);
  noteFailed(`${key} carrier, one segment`, single);
  noteFailed(`${key} carrier, three segments`, threeSegments);
  // Every accepted part went to the ledger before `accepted` was answered.
  if (recorded() !== single.segments + threeSegments.segments) failures.push(`${key}: ledger holds ${recorded()} parts, ${single.segments + threeSegments.segments} accepted`);
  const raw = Math.round((rawBefore.segments + rawAfter.segments) / (rawBefore.seconds + rawAfter.seconds));
  return {
    smsc: smsc.label,
    rawSubmitsPerSecond: raw,
    rawSubmitsPerSecondBeforeAndAfter: [rawBefore.segmentsPerSecond, rawAfter.segmentsPerSecond],
    single: { ...single, segmentsRatioToRaw: ratio(single.segmentsPerSecond, raw) },
    threeSegments: { ...threeSegments, segmentsRatioToRaw: ratio(threeSegments.segmentsPerSecond, raw) },
  };
}

interface PacingFigures {
  configuredPerSecond: number;
  seconds: number;
  segments: number;
  /** The most segments in any (t − 1 s, t] at the SMSC: never above configuredPerSecond. */
  busiestSecond: number;
  busiestRatio: number | null;
  meanPerSecond: number;
  meanRatio: number | null;
  held: boolean;
  /** The same count over the times the client wrote each submit_sm: what the pacer itself let out. */
  busiestSecondAtClient: number;
  /** From the client's write to the SMSC's read, ms. */
  readLagP99Ms: number;
  readLagMaxMs: number;
  /** This process's event-loop delay over the run (client and SMSC share it), ms. */
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
}

async function pacing(smsc: BenchSmsc, rate: number): Promise<PacingFigures> {
  log(`pacing: throughputPerSecond ${rate}, ${WORKERS} submitters of one- and three-segment messages for ${PACING_SECONDS} s`);
  const { carrier } = await openCarrier(connectionTo(smsc, rate, WINDOW));
  smsc.clear();
  // The pacer keeps a spent segment spent for 1,050 ms: a submit_sm read over 50 ms later than one sent
  // after it can put more than a second's worth into one second at the SMSC. Stalls of this (shared) event loop are such delays.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const written = recordSubmitWrites(smsc.port);
  let figures: LoopFigures;
  try {
    // The loop returns once every message it began is answered: every segment sent is in `arrivals`.
    figures = await carrierLoop(carrier, [SINGLE, THREE_SEGMENTS], PACING_SECONDS, WORKERS);
  } finally {
    written.stop();
    loopDelay.disable();
    await carrier.close();
  }
  noteFailed(`pacing ${rate}/s`, figures);
  const arrivals = [...smsc.arrivals];
  const segments = arrivals.reduce((sum, a) => sum + a.segments, 0);
  const busiest = busiestSecond(arrivals);
  // The same count on the client's write times, and how long each submit_sm took from write to the SMSC's read.
  const writes = arrivals.map((a) => ({ at: written.writes.get(a.sequence) ?? a.at, segments: a.segments })).sort((a, b) => a.at - b.at);
  const lags = arrivals.map((a) => a.at - (written.writes.get(a.sequence) ?? a.at)).sort((a, b) => a - b);
  const mean = meanRate(arrivals);
  const held = busiest <= rate;
  if (!held) failures.push(`pacing: ${busiest} segments in one second at throughputPerSecond ${rate}`);
  return {
    configuredPerSecond: rate,
    seconds: figures.seconds,
    segments,
    busiestSecond: busiest,
    busiestRatio: ratio(busiest, rate),
    meanPerSecond: Number(mean.toFixed(1)),
    meanRatio: ratio(mean, rate),
    held,
    busiestSecondAtClient: busiestSecond(writes),
    readLagP99Ms: lags[Math.max(0, Math.ceil(lags.length * 0.99) - 1)] ?? 0,
    readLagMaxMs: lags.at(-1) ?? 0,
    eventLoopDelayP99Ms: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
    eventLoopDelayMaxMs: Number((loopDelay.max / 1e6).toFixed(1)),
  };
}

async function main() {
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
  const loadAtStart = Number(loadavg()[0].toFixed(2));
  const scripted = await startScripted();
  const sandbox = await startSandbox();
  const runs: Record<string, ThroughputFigures> = {};
  const paced: PacingFigures[] = [];
  try {
    log('warm-up: raw sessions against both SMSCs and the carrier against the ScriptedSmsc, 1 s each (not counted)');
    await rawSessionLoop(scripted, 1, WORKERS, WINDOW);
    await rawSessionLoop(sandbox, 1, WORKERS, WINDOW);
    const warm = await openCarrier(connectionTo(scripted, UNPACED, WINDOW));
    await carrierLoop(warm.carrier, [SINGLE, THREE_SEGMENTS], 1, WORKERS).finally(() => warm.carrier.close());

    runs.scripted = await throughput(scripted, 'ScriptedSmsc');
    runs.sandbox = await throughput(sandbox, 'sandbox SMSC');
    for (const rate of PACING_RATES) paced.push(await pacing(scripted, rate));
  } finally {
    await sandbox.stop();
    await scripted.stop();
  }

  const loadAtEnd = Number(loadavg()[0].toFixed(2));
  console.log(`machine: ${machine}; load average (1 min) at start ${loadAtStart}, at end ${loadAtEnd}`);
  console.log(
    `throughput: one bind, window ${WINDOW}, throughputPerSecond ${UNPACED.toLocaleString('en-US')}, ${WORKERS} concurrent submitters, ${SECONDS} s per loop; ` +
      'baseline: a raw @mp/smpp session (same window, same PDU) against the same SMSC in the same run',
  );
  const row = (r: ThroughputFigures) => ({
    'raw session submits/s': fmt(r.rawSubmitsPerSecond),
    '1-seg messages/s': fmt(r.single.messagesPerSecond),
    '1-seg ratio to raw': fmt(r.single.segmentsRatioToRaw, 3),
    '3-seg messages/s': fmt(r.threeSegments.messagesPerSecond),
    '3-seg segments/s': fmt(r.threeSegments.segmentsPerSecond),
    '3-seg ratio to raw': fmt(r.threeSegments.segmentsRatioToRaw, 3),
  });
  console.table({ 'sandbox SMSC (PGlite)': row(runs.sandbox), 'ScriptedSmsc (ceiling)': row(runs.scripted) });
  for (const [key, r] of Object.entries(runs)) {
    const [before, after] = r.rawSubmitsPerSecondBeforeAndAfter;
    // Not a failure: the machine's load changed during the run, so the ratios of that SMSC are rough.
    if (Math.abs(before - after) > 0.25 * ((before + after) / 2)) console.log(`NOTE ${key}: the baseline moved from ${fmt(before)} to ${fmt(after)} submits/s between its halves; its ratios are rough`);
  }
  console.log(`sandbox SMSC's raw submits/s as a share of the ScriptedSmsc's: ${fmt(ratio(runs.sandbox.rawSubmitsPerSecond, runs.scripted.rawSubmitsPerSecond), 3)}`);
  console.log(`pacing on the ScriptedSmsc: ${WORKERS} submitters of one- and three-segment messages, ${PACING_SECONDS} s; one-second windows sliding over the SMSC's receive times`);
  console.table(
    Object.fromEntries(
      paced.map((p) => [
        `throughputPerSecond ${p.configuredPerSecond}`,
        {
          'largest 1-s count at SMSC': p.busiestSecond,
          'of configured': fmt(p.busiestRatio, 3),
          'at client writes': p.busiestSecondAtClient,
          'mean segments/s (slope)': fmt(p.meanPerSecond, 1),
          'mean of configured': fmt(p.meanRatio, 3),
          segments: p.segments,
          'write-to-read p99 / max ms': `${p.readLagP99Ms} / ${p.readLagMaxMs}`,
          'loop delay p99 / max ms': `${fmt(p.eventLoopDelayP99Ms, 1)} / ${fmt(p.eventLoopDelayMaxMs, 1)}`,
          verdict: p.held ? 'held' : 'FAIL',
        },
      ]),
    ),
  );
  for (const failure of failures) console.log(`FAIL ${failure}`);
  console.log(
    JSON.stringify({
      smppBind: {
        window: WINDOW,
        workers: WORKERS,
        seconds: SECONDS,
        sandbox: runs.sandbox,
        scripted: runs.scripted,
        pacing: paced,
        ...(failures.length > 0 ? { failures } : {}),
      },
      machine,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadAtEnd,
    }),
  );
  process.exit(failures.length > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
