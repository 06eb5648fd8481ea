/**
 * The two loads of the send benchmark: a closed loop (autocannon, N
 * connections as fast as answers come) and an open loop at a fixed offered
 * rate over keep-alive connections, timing every request.
 */
import autocannon, { type Result } from 'autocannon';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ClosedLoopFigures {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface HttpTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** autocannon, `connections` connections for `seconds`: 2xx answers per second and latency. */
export async function closedLoop(target: HttpTarget, connections: number, seconds: number): Promise<ClosedLoopFigures> {
  const result = await new Promise<Result>((resolve, reject) =>
    autocannon(
      {
        url: target.url,
        method: 'POST',
        connections,
        duration: seconds,
        body: target.body,
        headers: { 'content-type': 'application/json', ...target.headers },
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    ),
  );
  return {
    perSecond: Math.round(result['2xx'] / (result.duration || seconds)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export interface OpenLoopFigures {
  /** The rate asked for. */
  offeredPerSecond: number;
  /** Requests sent (due ones are skipped only while `maxInFlight` are unanswered). */
  issued: number;
  skipped: number;
  /** 201 answers. */
  accepted: number;
  /** Answers other than 201, by status, and transport errors. */
  refused: Record<string, number>;
  errors: number;
  /** From the first request due to the last one due, ms (Date.now() clock). */
  startedAt: number;
  endedAt: number;
  /** When the last answer came back. */
  answeredAt: number;
  /** Milliseconds per 201 answer, request written to answer read. */
  acceptLatenciesMs: number[];
}

/**
 * Sends one request every 1/rate s for `seconds` over keep-alive connections.
 * A request falling due while `maxInFlight` are unanswered is skipped and
 * counted, so an overloaded target shows as fewer requests issued rather than
 * as an ever-growing client-side queue.
 */
export async function openLoop(target: HttpTarget, ratePerSecond: number, seconds: number, maxInFlight: number): Promise<OpenLoopFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: maxInFlight, maxFreeSockets: maxInFlight });
  const url = new URL(target.url);
  const body = Buffer.from(target.body);
  const headers = { 'content-type': 'application/json', 'content-length': String(body.length), ...target.headers };
  const figures: OpenLoopFigures = {
    offeredPerSecond: ratePerSecond,
    issued: 0,
    skipped: 0,
    accepted: 0,
    refused: {},
    errors: 0,
    startedAt: Date.now(),
    endedAt: 0,
    answeredAt: 0,
    acceptLatenciesMs: [],
  };
  const total = Math.round(ratePerSecond * seconds);
  let inFlight = 0;
  let allIssued!: () => void;
  const issuedAll = new Promise<void>((resolve) => (allIssued = resolve));
  let drained: (() => void) | undefined;

  const send = () => {
    inFlight++;
    figures.issued++;
    const started = performance.now();
    const done = () => {
      inFlight--;
      figures.answeredAt = Date.now();
      if (inFlight === 0) drained?.();
    };
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', agent, headers },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 201) {
            figures.accepted++;
            figures.acceptLatenciesMs.push(performance.now() - started);
          } else {
            const key = String(res.statusCode);
            figures.refused[key] = (figures.refused[key] ?? 0) + 1;
          }
          done();
        });
      },
    );
    req.on('error', () => {
      figures.errors++;
      done();
    });
    req.end(body);
  };

  const start = performance.now();
  let due = 0; // requests that have fallen due so far
  const tick = () => {
    const shouldHave = Math.min(total, Math.floor(((performance.now() - start) * ratePerSecond) / 1000) + 1);
    for (; due < shouldHave; due++) {
      if (inFlight < maxInFlight) send();
      else figures.skipped++;
    }
    if (due >= total) {
      figures.endedAt = Date.now();
      allIssued();
      return;
    }
    // Wake at the next request's due time (a late wake-up sends what fell due meanwhile).
    const nextDueIn = (due * 1000) / ratePerSecond - (performance.now() - start);
    setTimeout(tick, Math.max(0, nextDueIn));
  };
  tick();
  await issuedAll;
  if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
  agent.destroy();
  return figures;
}

/** The p-th percentile (0..100) of `values`, nearest rank; null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
