import { GATEWAY_APP, SERVICE_REGISTRY } from '@mp/service-host';
import { startApp, type RunningApp } from './distributed/app-process';
import { documentedEnv, ownPorts, portShift } from './distributed/documented-env';
import { freshDatabase, type FreshDatabase } from './distributed/fresh-database';
import { ApiClient } from './support/api-client';
import { freshDestination, sandboxNumber, signUp } from './support/journeys';
import { waitFor } from './support/wait-for';

// Issue 14 point 8: a rollout stops a messaging process mid-dispatch with
// SIGTERM. It exits 0 within its grace, leaving no message leased to it; the
// process that replaces it sends the rest at once, and every message is
// delivered, handed to the carrier once, with one dispatched transition.

// Three starts of messaging on Kafka, each rejoining its groups: room beyond jest's default of 120 s.
jest.setTimeout(300_000);

/** Enough that dispatch is still under way when the first messages are out. */
const MESSAGES = 300;
const GRACE_MS = 10_000;

const apps: RunningApp[] = [];
let db: FreshDatabase | string;

beforeAll(async () => {
  db = await freshDatabase('graceful');
  if (typeof db === 'string') console.warn(`graceful-shutdown: skipped: ${db}. It runs on a local PostgreSQL or the one of DATABASE_URL.`);
});

afterAll(async () => {
  for (const app of apps) if (app.child.exitCode === null) app.child.kill('SIGTERM');
  await Promise.all(apps.map((a) => a.exited));
  if (typeof db !== 'string') await db.release();
});

/** Runs work(0..count-1), eight at a time (as a client with a small pool would). */
async function eightAtATime(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

interface StatusCount extends Record<string, unknown> {
  status: string;
  n: number;
  leased: number;
}

describe('a standalone messaging process stopped by SIGTERM mid-dispatch', () => {
  it('exits 0 within its grace with its leases given back; after a new process starts every message is delivered exactly once', async () => {
    if (typeof db === 'string') return;
    const store = db;
    const shift = await portShift();
    // Events go over Kafka when KAFKA_BROKERS is set (.ci/run's Kafka tier: offsets committed by kafkajs on stop),
    // else the shared PostgreSQL carries them too (the embedded log: offsets committed by the subscription); rate limits stay in memory.
    const kafka = process.env.KAFKA_BROKERS?.trim() ?? '';
    const env = documentedEnv({ DATABASE_URL: store.url, KAFKA_BROKERS: kafka, describe: '', release: async () => {} }, shift);
    if (!kafka) delete env.KAFKA_BROKERS;
    delete env.REDIS_URL;
    // One customer sends and reads every message within a minute.
    env.RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE = env.RATE_LIMIT_PER_IP_PER_MINUTE = String(10 * MESSAGES);
    // Eleven processes on a shared CI machine: a call may queue for seconds (the 10 s default answered 504 at load 50).
    env.GRPC_DEADLINE_MS = '30000';
    // On the kcat mock cluster a member that rejoins a group waits out the session timeout even after the
    // previous member left cleanly: 29 s per start of messaging at the default 30 s (tests use 6 s, as the fixture does).
    env.KAFKA_SESSION_TIMEOUT_MS = '6000';
    const start = async (name: string, extra: Record<string, string> = {}) => {
      const app = await startApp(name, { ...env, ...ownPorts(name, shift), ...extra });
      apps.push(app);
      return app;
    };

    // Messaging first without dispatch, so the messages wait until the process under test starts.
    const others = [GATEWAY_APP.name, ...SERVICE_REGISTRY.map((s) => s.name).filter((name) => name !== 'messaging')];
    const booted = await Promise.allSettled([start('messaging', { DISPATCH_ENABLED: 'false' }), ...others.map((name) => start(name))]);
    const failed = booted.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const holding = apps.find((a) => a.name === 'messaging')!;
    const gateway = apps.find((a) => a.name === GATEWAY_APP.name)!;

    const api = new ApiClient(`http://127.0.0.1:${gateway.ports.port}`);
    const user = await signUp(api, 'graceful');
    await sandboxNumber(api, user.accessToken);
    const ids: string[] = [];
    await eightAtATime(MESSAGES, async (i) => {
      const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, {
        token: user.accessToken,
        body: { destination: freshDestination(), body: `Rollout ${i}` },
      });
      expect(sent.status).toBe(201);
      ids.push(sent.body.messageId);
    });
    holding.child.kill('SIGTERM');
    expect(await holding.exited).toBe(0);

    const byStatus = async () => {
      const rows = await store.query<StatusCount>(
        'select status, count(*)::int as n, count(claim_token)::int as leased from messaging.messages group by status',
      );
      return Object.fromEntries(rows.map((r) => [r.status, r]));
    };
    expect(await byStatus()).toEqual({ queued: { status: 'queued', n: MESSAGES, leased: 0 } });

    // The process under test: SIGTERM as soon as its first messages are out.
    const dispatching = await start('messaging', { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    await waitFor(byStatus, (s) => (s.queued?.n ?? 0) < MESSAGES, { intervalMs: 10, what: 'the first dispatches' });
    const signalled = Date.now();
    dispatching.child.kill('SIGTERM');
    const code = await dispatching.exited;
    const stoppedAfterMs = Date.now() - signalled;
    expect({ code, withinGrace: stoppedAfterMs < GRACE_MS }).toEqual({ code: 0, withinGrace: true });
    expect(dispatching.output()).toContain('"message":"stopped"');

    const left = await byStatus();
    // Mid-dispatch indeed: some were still waiting when it stopped...
    expect(left.queued?.n ?? 0).toBeGreaterThan(0);
    // ...and none stays leased to the process that is gone.
    expect(Object.values(left).reduce((sum, s) => sum + s.leased, 0)).toBe(0);
    const sentBeforeStop = new Set(await store.query<{ id: string }>("select id from messaging.messages where status <> 'queued'").then((rows) => rows.map((r) => r.id)));

    // Its replacement sends the rest at once (a lease left to run out would hold them for minutes).
    const replacement = await start('messaging');
    await waitFor(byStatus, (s) => s.delivered?.n === MESSAGES, { timeoutMs: 120_000, intervalMs: 250, what: `all ${MESSAGES} messages delivered` });

    // Its receipt consumer's lag, read from its own transport (embedded log or Kafka) on its health port's /metrics.
    const receiptLag = async () => {
      const text = await (await fetch(`http://127.0.0.1:${replacement.ports.httpPort}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('consumer_lag_events{') && l.includes('consumer_group="messaging.carrier-receipts"'));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    await waitFor(receiptLag, (lag) => lag === 0, { timeoutMs: 30_000, intervalMs: 250, what: "the receipt consumer's lag at 0 on /metrics" });

    // The carrier saw each message once: one submission per message, no second attempt. Over HTTP a submission's
    // reference is `<messageId>:<attempt>`; over SMPP (deploy/local.env's SMS) the SMSC files it under its own id,
    // which messaging's part ledger maps back to the reference (a submit_sm it has no part for counts as no message).
    const submissions = await store.query<{ message_id: string | null; n: number }>(
      `select case when s.protocol = 'smpp' then split_part(p.reference, ':', 1) else split_part(s.reference, ':', 1) end as message_id, count(*)::int as n
         from carrier_simulator.carrier_submissions s
         left join messaging.smpp_parts p on s.protocol = 'smpp' and ltrim(p.smsc_message_id, '0') = upper(ltrim(s.carrier_message_id, '0'))
        group by 1`,
    );
    expect(submissions.filter((s) => s.n !== 1)).toEqual([]);
    expect(submissions.map((s) => s.message_id).sort()).toEqual([...ids].sort());

    // One dispatched transition in each message's audit.
    const audited = await store.query<{ message_id: string; n: number }>(
      "select message_id, count(*)::int as n from messaging.message_audit where to_status = 'dispatched' group by 1",
    );
    expect(audited.filter((a) => a.n !== 1)).toEqual([]);
    expect(audited.map((a) => a.message_id).sort()).toEqual([...ids].sort());

    // What the customer sees, for messages sent by each process: delivered, one dispatched step in the audit trail.
    const sample = [...ids.filter((id) => sentBeforeStop.has(id)).slice(0, 5), ...ids.filter((id) => !sentBeforeStop.has(id)).slice(0, 5)];
    expect(sample).toHaveLength(10);
    for (const id of sample) {
      const res = await api.get(`/v1/accounts/${user.accountId}/messages/${id}`, { token: user.accessToken });
      expect(res.status).toBe(200);
      const dispatched = res.body.auditTrail.filter((a: { toStatus: string | null }) => a.toStatus === 'dispatched');
      expect({ status: res.body.status, dispatched: dispatched.length }).toEqual({ status: 'delivered', dispatched: 1 });
    }
  });
});
