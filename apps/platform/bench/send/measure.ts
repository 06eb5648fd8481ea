/**
 * One target's figures: accepted sends/s in a closed loop with the message
 * lifecycle running, then a sustained run at a fixed offered rate with the
 * simulated carrier answering at once, timing every message from acceptance
 * to `delivered` and counting CPU and statements over the run.
 */
import { ApiClient } from '../../test/support/api-client';
import { signUp } from '../../test/support/journeys';
import { closedLoop, openLoop, percentile, type HttpTarget } from './load';
import { cpuMsBetween, type Sample, type Target } from './targets';

export interface MeasureOptions {
  closedSeconds: number;
  closedConnections: number;
  sustainedRate: number;
  sustainedSeconds: number;
  sustainedMaxInFlight: number;
  /** How long the closed loop's messages may take to settle before the sustained run starts. */
  drainSeconds: number;
  /** The second backlog reading, this long after the offered load ends. */
  afterSeconds: number;
}

export interface RunFigures {
  target: string;
  mode: Target['mode'];
  storage: Target['storage'];
  // Closed loop (what a customer gets with the lifecycle running).
  acceptedPerSecond: number;
  closedLoopP50Ms: number;
  closedLoopP99Ms: number;
  closedLoopNon2xx: number;
  closedLoopErrors: number;
  /**
   * Messages of the closed loop final (delivered or failed) when it ended, per second: how much of the lifecycle ran
   * beside the acceptances. A closed loop that starves its lifecycle accepts more and settles less.
   */
  closedLoopSettledPerSecond: number;
  /** Messages of the closed loop still not final when the sustained run started (0 = drained). */
  closedLoopBacklogAtSustainedStart: number;
  // Sustained run at a fixed offered rate, receipt delay 0.
  sustainedOfferedPerSecond: number;
  sustainedSeconds: number;
  sustainedIssued: number;
  /** Due requests not sent because `sustainedMaxInFlight` were unanswered (the target fell behind). */
  sustainedSkipped: number;
  sustainedMaxInFlight: number;
  sustainedAccepted: number;
  sustainedRefused: Record<string, number>;
  sustainedErrors: number;
  sustainedAcceptedPerSecond: number;
  /** Messages of the run delivered within the window, per second of the window. */
  sustainedDeliveredPerSecond: number;
  acceptP50Ms: number | null;
  acceptP99Ms: number | null;
  sendToDeliveredP50Ms: number | null;
  sendToDeliveredP99Ms: number | null;
  /**
   * True when a message not delivered by the last reading ranks at or below the percentile: it counts
   * with the time it had waited so far, so the figure is a lower bound.
   */
  sendToDeliveredP50IsLowerBound: boolean;
  sendToDeliveredP99IsLowerBound: boolean;
  backlogAtEnd: number;
  backlogAfter10s: number;
  /** Where the run's undelivered messages were at the second reading (queued: not yet handed to the carrier; dispatched: awaiting the receipt). */
  backlogAfter10sByStatus: Record<string, number>;
  /** Messages of the run in a final state other than delivered at the last reading. */
  sustainedNotDeliveredFinal: number;
  /** CPU of the platform's processes over the window per message delivered in it (all-in-one: this whole process, load generator included). */
  cpuMsPerMessage: number | null;
  /** PostgreSQL backends of the platform's database (same machine only), per delivered message. */
  postgresCpuMsPerMessage: number | null;
  /** Distributed only: this process (the load generator), per delivered message. */
  loadGeneratorCpuMsPerMessage: number | null;
  /** From the start of the run to the second backlog reading, per message of the run delivered by then (the lifecycle's whole cost when the backlog drained). */
  cpuMsPerMessageThroughDrain: number | null;
  /** Statements in the window per message accepted in it. */
  statementsPerMessage: number | null;
  statementsInWindow: number | null;
  /** From the start of the run to the second backlog reading, per message accepted (includes the benchmark's one backlog query on PGlite: a few statements). */
  statementsPerMessageThroughDrain: number | null;
  deliveredInWindow: number;
  windowSeconds: number;
}

const ACCEPTED_DESTINATION = '+14155550123';
export const SUSTAINED_DESTINATION = '+14155550124';
const NOT_FINAL = ['queued', 'dispatched', 'scheduled'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface MessageTiming {
  status: string;
  created_ms: number;
  delivered_ms: number | null;
}

/** Acceptance and delivery times of the run's messages; the delivered time is when messaging recorded the transition. */
async function timings(target: Target, accountId: string, reference: string): Promise<MessageTiming[]> {
  try {
    return await target.query<MessageTiming>(
      `select m.status, (extract(epoch from m.created_at) * 1000)::float8 as created_ms,
              (select (extract(epoch from min(a.at)) * 1000)::float8 from message_audit a
                where a.message_id = m.id and a.to_status = 'delivered') as delivered_ms
         from messages m where m.account_id = ? and m.client_reference = ?`,
      [accountId, reference],
    );
  } catch {
    // Without the audit trail: a delivered message's last update is its delivery.
    return target.query<MessageTiming>(
      `select status, (extract(epoch from created_at) * 1000)::float8 as created_ms,
              case when status = 'delivered' then (extract(epoch from updated_at) * 1000)::float8 end as delivered_ms
         from messages where account_id = ? and client_reference = ?`,
      [accountId, reference],
    );
  }
}

export async function notFinal(target: Target, accountId: string, reference?: string): Promise<number> {
  const rows = await target.query<{ n: number }>(
    `select count(*)::int as n from messages where account_id = ? and status in (${NOT_FINAL.map(() => '?').join(', ')})${reference ? ' and client_reference = ?' : ''}`,
    [accountId, ...NOT_FINAL, ...(reference ? [reference] : [])],
  );
  return Number(rows[0]?.n ?? 0);
}

async function final(target: Target, accountId: string): Promise<number> {
  const rows = await target.query<{ n: number }>(
    `select count(*)::int as n from messages where account_id = ? and status not in (${NOT_FINAL.map(() => '?').join(', ')})`,
    [accountId, ...NOT_FINAL],
  );
  return Number(rows[0]?.n ?? 0);
}

async function notDelivered(target: Target, accountId: string, reference: string): Promise<number> {
  const rows = await target.query<{ n: number }>(
    `select count(*)::int as n from messages where account_id = ? and client_reference = ? and status <> 'delivered'`,
    [accountId, reference],
  );
  return Number(rows[0]?.n ?? 0);
}

const round = (value: number | null, digits = 0) => (value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits)));

export interface BenchSender {
  accountId: string;
  /** A send of one message to `to` with an API key of the account. */
  sendTo(to: string, reference: string): HttpTarget;
}

/** A signed-up account with an API key; the carrier delivers to SUSTAINED_DESTINATION with no receipt delay. */
export async function benchSender(target: Target): Promise<BenchSender> {
  const api = new ApiClient(target.url);
  const user = await signUp(api, 'bench');
  const key = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'bench' } });
  if (key.status !== 201) throw new Error(`creating the API key answered ${key.status}: ${key.text}`);
  // The simulated carrier's receipt delay: 0 for the sustained run's destination (default ~1 s elsewhere).
  const behaviour = await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(SUSTAINED_DESTINATION)}`, {
    token: user.accessToken,
    body: { outcome: 'delivered', afterSeconds: 0 },
  });
  if (behaviour.status !== 200) throw new Error(`setting the carrier behaviour answered ${behaviour.status}: ${behaviour.text}`);
  return {
    accountId: user.accountId,
    sendTo: (to, reference) => ({
      url: `${target.url}/v1/accounts/${user.accountId}/messages`,
      headers: { 'x-api-key': key.body.key },
      body: JSON.stringify({ to, body: 'Benchmark message', clientReference: reference }),
    }),
  };
}

export async function measure(target: Target, options: MeasureOptions, log: (line: string) => void): Promise<RunFigures> {
  const { accountId, sendTo } = await benchSender(target);

  log(`${target.label}: closed loop, ${options.closedConnections} connections for ${options.closedSeconds} s`);
  const closed = await closedLoop(sendTo(ACCEPTED_DESTINATION, 'bench-closed'), options.closedConnections, options.closedSeconds);
  const settledInLoop = await final(target, accountId);

  // The sustained run starts on a quiet platform: the closed loop's messages settle first (bounded).
  const settleBy = Date.now() + options.drainSeconds * 1000;
  let leftover = await notFinal(target, accountId);
  while (leftover > 0 && Date.now() < settleBy) {
    await sleep(500);
    leftover = await notFinal(target, accountId);
  }

  if (leftover > 0) log(`${target.label}: ${leftover} messages of the closed loop still unsettled after ${options.drainSeconds} s`);
  const reference = 'bench-sustained';
  log(`${target.label}: sustained run, ${options.sustainedRate}/s offered for ${options.sustainedSeconds} s (receipt delay 0)`);
  const before: Sample = await target.sample();
  const load = await openLoop(sendTo(SUSTAINED_DESTINATION, reference), options.sustainedRate, options.sustainedSeconds, options.sustainedMaxInFlight);
  const after: Sample = await target.sample();
  const backlogAtEnd = await notDelivered(target, accountId, reference);
  log(`${target.label}: offered load over (${load.accepted} accepted), backlog ${backlogAtEnd}; reading it again in ${options.afterSeconds} s`);
  await sleep(Math.max(0, after.at + options.afterSeconds * 1000 - Date.now()));
  const drained: Sample = await target.sample();
  const backlogAfter10s = await notDelivered(target, accountId, reference);
  const lastReading = Date.now();
  const messages = await timings(target, accountId, reference);
  const byStatus: Record<string, number> = {};
  for (const m of messages) if (m.status !== 'delivered') byStatus[m.status] = (byStatus[m.status] ?? 0) + 1;

  const windowMs = after.at - before.at;
  const delivered = messages.filter((m) => m.delivered_ms !== null);
  const deliveredInWindow = delivered.filter((m) => m.delivered_ms! >= before.at && m.delivered_ms! <= after.at).length;
  // Every accepted message counts: one not delivered yet counts with the time it has waited so far (a lower bound).
  const waits = messages.map((m) => ({ ms: (m.delivered_ms ?? lastReading) - m.created_ms, censored: m.delivered_ms === null })).sort((a, b) => a.ms - b.ms);
  const rankOf = (p: number) => Math.min(waits.length - 1, Math.max(0, Math.ceil((p / 100) * waits.length) - 1));
  const at = (p: number) => (waits.length === 0 ? null : waits[rankOf(p)]);
  // Exact only when no message still waiting ranks at or below the percentile (its true wait may rank higher).
  const lowerBound = (p: number) => waits.length > 0 && waits.slice(0, rankOf(p) + 1).some((w) => w.censored);
  const perDelivered = (value: number | null) => (value === null || deliveredInWindow === 0 ? null : value / deliveredInWindow);
  const statementsBetween = (a: Sample, b: Sample) => (a.statements !== null && b.statements !== null ? b.statements - a.statements : null);
  const statements = statementsBetween(before, after);
  const statementsThroughDrain = statementsBetween(before, drained);
  const perAccepted = (value: number | null) => (value === null || load.accepted === 0 ? null : value / load.accepted);
  const deliveredByDrain = delivered.filter((m) => m.delivered_ms! <= drained.at).length;

  return {
    target: target.label,
    mode: target.mode,
    storage: target.storage,
    acceptedPerSecond: closed.perSecond,
    closedLoopP50Ms: closed.p50Ms,
    closedLoopP99Ms: closed.p99Ms,
    closedLoopNon2xx: closed.non2xx,
    closedLoopErrors: closed.errors,
    closedLoopSettledPerSecond: round(settledInLoop / options.closedSeconds) ?? 0,
    closedLoopBacklogAtSustainedStart: leftover,
    sustainedOfferedPerSecond: options.sustainedRate,
    sustainedSeconds: options.sustainedSeconds,
    sustainedIssued: load.issued,
    sustainedSkipped: load.skipped,
    sustainedMaxInFlight: options.sustainedMaxInFlight,
    sustainedAccepted: load.accepted,
    sustainedRefused: load.refused,
    sustainedErrors: load.errors,
    sustainedAcceptedPerSecond: round((load.accepted * 1000) / windowMs)!,
    sustainedDeliveredPerSecond: round((deliveredInWindow * 1000) / windowMs)!,
    acceptP50Ms: round(percentile(load.acceptLatenciesMs, 50), 1),
    acceptP99Ms: round(percentile(load.acceptLatenciesMs, 99), 1),
    sendToDeliveredP50Ms: round(at(50)?.ms ?? null, 1),
    sendToDeliveredP99Ms: round(at(99)?.ms ?? null, 1),
    sendToDeliveredP50IsLowerBound: lowerBound(50),
    sendToDeliveredP99IsLowerBound: lowerBound(99),
    backlogAtEnd,
    backlogAfter10s,
    backlogAfter10sByStatus: byStatus,
    sustainedNotDeliveredFinal: messages.filter((m) => m.delivered_ms === null && !NOT_FINAL.includes(m.status)).length,
    cpuMsPerMessage: round(perDelivered(cpuMsBetween(before.platformCpu, after.platformCpu)), 2),
    postgresCpuMsPerMessage: round(perDelivered(cpuMsBetween(before.postgresCpu, after.postgresCpu)), 2),
    loadGeneratorCpuMsPerMessage: target.mode === 'distributed' ? round(perDelivered(after.benchCpuMs - before.benchCpuMs), 2) : null,
    cpuMsPerMessageThroughDrain: round(
      deliveredByDrain === 0 ? null : (cpuMsBetween(before.platformCpu, drained.platformCpu) ?? NaN) / deliveredByDrain,
      2,
    ),
    statementsPerMessage: round(perAccepted(statements), 1),
    statementsInWindow: statements,
    statementsPerMessageThroughDrain: round(perAccepted(statementsThroughDrain), 1),
    deliveredInWindow,
    windowSeconds: round(windowMs / 1000, 1)!,
  };
}
