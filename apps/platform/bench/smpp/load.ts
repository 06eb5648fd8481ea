/**
 * The loads of the SMPP bench: a raw @mp/smpp session submitting in a closed
 * loop (the baseline), messaging's SmppCarrier submitting messages in a closed
 * loop, and the largest count of segments an SMSC saw in any one second.
 */
import type { CarrierOutcome, CarrierSubmission } from '@mp/messaging/src/carriers/carrier.port';
import type { SmppConnection } from '@mp/carrier-connections';
import { SmppCarrier } from '@mp/messaging/src/carriers/smpp';
import { prepareSubmission } from '@mp/messaging/src/carriers/smpp/submission-parts';
import { SmppSession, type SubmitFields } from '@mp/smpp';
import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Arrival, BenchSmsc } from './smscs';

export const SINGLE = 'Your code is 481 516. It expires in 10 minutes.';
/** 307 GSM characters: 153 + 153 + 1, three segments. */
export const THREE_SEGMENTS = `${'A'.repeat(153)}${'B'.repeat(153)}C`;

let sequence = 0;
export const submission = (body: string): CarrierSubmission => ({
  reference: `bench-${++sequence}:1`,
  accountId: 'acc-bench',
  channel: 'Sms',
  from: '+15550000001',
  to: '+447700900123',
  body,
});

/** One SMPP connection of messaging's configuration to `smsc`: one bind, the window given. */
export function connectionTo(smsc: BenchSmsc, throughputPerSecond: number, window = 10): SmppConnection {
  return {
    name: 'smpp-bench',
    protocol: 'smpp',
    channel: 'Sms',
    numbers: ['*'],
    priority: 1,
    host: '127.0.0.1',
    port: smsc.port,
    tls: false,
    systemId: smsc.systemId,
    password: smsc.password,
    systemType: '',
    binds: 1,
    throughputPerSecond,
    window,
    enquireLinkSeconds: 30,
    responseTimeoutSeconds: 10,
    longMessages: 'udh',
    idFormat: 'as-is',
    destTon: 1,
    destNpi: 1,
  };
}

export interface LoopFigures {
  seconds: number;
  messages: number;
  segments: number;
  messagesPerSecond: number;
  segmentsPerSecond: number;
  /** Outcomes other than accepted (or submits answered other than ESME_ROK), by kind. */
  failed: Record<string, number>;
}

/** `workers` loops each doing `once` until `seconds` pass; what they finish in time counts. */
async function closedLoop(workers: number, seconds: number, once: () => Promise<{ segments: number; failed?: string }>): Promise<LoopFigures> {
  let messages = 0;
  let segments = 0;
  const failed: Record<string, number> = {};
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const result = await once();
        if (result.failed) failed[result.failed] = (failed[result.failed] ?? 0) + 1;
        else {
          messages++;
          segments += result.segments;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    seconds: Number(elapsed.toFixed(2)),
    messages,
    segments,
    messagesPerSecond: Math.round(messages / elapsed),
    segmentsPerSecond: Math.round(segments / elapsed),
    failed,
  };
}

/**
 * The baseline: one @mp/smpp session bound to `smsc` with the same window,
 * `workers` loops submitting the very PDU SmppCarrier sends for a one-segment
 * message, no pacing, no ledger, no outcome mapping.
 */
export async function rawSessionLoop(smsc: BenchSmsc, seconds: number, workers: number, window = 10): Promise<LoopFigures> {
  const connection = connectionTo(smsc, 100_000, window);
  const [part] = prepareSubmission(connection, submission(SINGLE), 1).parts;
  const fields: SubmitFields = part.fields;
  const session = await SmppSession.connect({ host: '127.0.0.1', port: smsc.port, systemId: smsc.systemId, password: smsc.password, window, responseTimeoutMs: 10_000 });
  try {
    return await closedLoop(workers, seconds, async () => {
      const result = await session.submit(fields);
      return result.commandStatus === 0 ? { segments: 1 } : { segments: 0, failed: result.statusName };
    });
  } finally {
    await session.unbind();
  }
}

/** A carrier with a ledger that only counts (the platform's writes to its database are not what this measures). */
export async function openCarrier(connection: SmppConnection): Promise<{ carrier: SmppCarrier; recorded: () => number }> {
  let recorded = 0;
  const carrier = new SmppCarrier(
    connection,
    { ledger: { recordParts: async (parts) => void (recorded += parts.length), acceptedBefore: async () => undefined }, onDeliverSm: async () => 0 },
    { reconnect: { initialMs: 50, maxMs: 500 } },
  );
  const deadline = Date.now() + 10_000;
  while (carrier.status().boundSessions < 1) {
    if (Date.now() > deadline) {
      await carrier.close();
      throw new Error(`SmppCarrier did not bind to 127.0.0.1:${connection.port}: ${JSON.stringify(carrier.status().bindErrors)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { carrier, recorded: () => recorded };
}

const outcomeName = (outcome: CarrierOutcome) => (outcome.kind === 'accepted' ? undefined : outcome.kind === 'rejected' ? `rejected ${outcome.code}` : outcome.kind);

/** `workers` loops each submitting one message of `bodies` after another (taking turns) through `carrier`. */
export function carrierLoop(carrier: SmppCarrier, bodies: string[], seconds: number, workers: number): Promise<LoopFigures> {
  let turn = 0;
  const segmentsOf = new Map(bodies.map((body) => [body, prepareSubmission(carrier.connection, submission(body), 1).parts.length]));
  return closedLoop(workers, seconds, async () => {
    const body = bodies[turn++ % bodies.length];
    const outcome = await carrier.submit(submission(body));
    const failed = outcomeName(outcome);
    return failed ? { segments: 0, failed } : { segments: segmentsOf.get(body)! };
  });
}

/** The most segments that arrived in any one-second window (t − 1000 ms, t]; the maximum is always at an arrival. */
export function busiestSecond(arrivals: ReadonlyArray<Pick<Arrival, 'at' | 'segments'>>): number {
  let most = 0;
  let inWindow = 0;
  let first = 0;
  for (const arrival of arrivals) {
    inWindow += arrival.segments;
    while (arrivals[first].at <= arrival.at - 1000) inWindow -= arrivals[first++].segments;
    most = Math.max(most, inWindow);
  }
  return most;
}

/**
 * Segments per second as the least-squares slope of segments received so far against arrival time:
 * the pacer lets a second's worth through at once and then a second's worth per 1,050 ms, and a
 * count over a fixed span would hang on how many of those bursts it happens to hold.
 */
export function meanRate(arrivals: ReadonlyArray<Pick<Arrival, 'at' | 'segments'>>): number {
  if (arrivals.length < 2 || arrivals.at(-1)!.at === arrivals[0].at) return 0;
  let received = 0;
  const points = arrivals.map((a) => [(a.at - arrivals[0].at) / 1000, (received += a.segments)] as const);
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  return covariance / variance;
}

/** submit_sm's command_id (SMPP 3.4 §5.1.2.1). */
const SUBMIT_SM = 0x00000004;

/**
 * Notes when this process wrote each submit_sm to a socket connected to `port` (a session writes one
 * PDU per write: command_id at octet 4, sequence_number at octet 12), so the SMSC's read times can be
 * told apart from the pacer's own: until stop().
 */
export function recordSubmitWrites(port: number): { writes: Map<number, number>; stop(): void } {
  const writes = new Map<number, number>();
  const original = Socket.prototype.write;
  Socket.prototype.write = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
    if (this.remotePort === port && Buffer.isBuffer(chunk) && chunk.length >= 16 && chunk.readUInt32BE(4) === SUBMIT_SM) writes.set(chunk.readUInt32BE(12), Date.now());
    return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof original;
  return { writes, stop: () => void (Socket.prototype.write = original) };
}
