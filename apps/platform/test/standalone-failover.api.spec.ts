import { GATEWAY_APP, SERVICE_REGISTRY } from '@mp/service-host';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Client } from 'pg';
import { startApp, type RunningApp } from './distributed/app-process';
import { documentedEnv, infrastructure, ownPorts, portShift, type Infrastructure } from './distributed/documented-env';
import { ApiClient } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, type SignedUpUser } from './support/journeys';
import { waitFor } from './support/wait-for';
import { WebhookReceiver, type ReceivedDelivery } from './support/webhook-receiver';

// Issue 27 point 6: the distributed set (every app its own process, deploy/local.env) on
// PostgreSQL and Kafka survives
// - `kill -9` of each app in turn while messages flow: every restarted app reports ready within
//   5 s of serving (it does not wait for its consumer groups, which a killed member holds for a
//   session timeout); every accepted message is delivered, the carrier got one submission per
//   dispatch, and each webhook event reached the customer at least once under one stable id;
// - a rolling restart of messaging run as two replicas behind the gateway's round-robin gRPC
//   client: no send answers 5xx.

jest.setTimeout(900_000);

const READY_WITHIN_MS = 5_000;
/** Ten processes loading TypeScript at once on a busy 2-core machine. */
const BOOT_TIMEOUT_MS = 300_000;
/** One send every this many ms while the apps are killed one by one (a few hundred in all). */
const SEND_EVERY_MS = 150;
const MESSAGE_EVENTS = 'MessageAccepted,MessageDelivered';

const apps = new Map<string, RunningApp>();
const stray: RunningApp[] = [];
let infra: Infrastructure | string;
let receiver: WebhookReceiver | undefined;
let db: Client | undefined;

beforeAll(async () => {
  // Minutes of kills and restarts: on the Kafka tier only (.ci/run's Kafka step), not in `npm test`.
  infra = process.env.KAFKA_BROKERS?.trim() ? await infrastructure() : 'KAFKA_BROKERS is not set';
  if (typeof infra === 'string') {
    console.warn(`standalone-failover: skipped: ${infra}. It runs with DATABASE_URL and KAFKA_BROKERS set (as .ci/run does), or with KAFKA_BROKERS=own, kcat and a local PostgreSQL.`);
  }
});

afterAll(async () => {
  const running = [...apps.values(), ...stray].filter((a) => a.child.exitCode === null && a.child.signalCode === null);
  for (const app of running) app.child.kill('SIGTERM');
  await Promise.all(running.map((a) => a.exited));
  await receiver?.stop();
  await db?.end();
  if (typeof infra !== 'string') await infra.release();
});

interface Outcome {
  status: number;
  messageId?: string;
  /** When the send was answered. */
  at: number;
}

/** Sends from `user` until stop() is called (at most `max`), `concurrency` at a time, one per `everyMs` per sender; every answer is kept. */
function keepSending(api: ApiClient, user: SignedUpUser, options: { everyMs: number; concurrency: number; max: number }) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const senders = Array.from({ length: options.concurrency }, async () => {
    while (!stopped && outcomes.length < options.max) {
      const started = Date.now();
      try {
        const res = await api.post(`/v1/accounts/${user.accountId}/messages`, {
          token: user.accessToken,
          body: { destination: freshDestination(), body: `Failover ${outcomes.length}` },
        });
        outcomes.push({ status: res.status, messageId: res.status === 201 ? res.body.messageId : undefined, at: Date.now() });
      } catch {
        outcomes.push({ status: 0, at: Date.now() }); // no answer at all (the gateway itself was killed)
      }
      await new Promise((r) => setTimeout(r, Math.max(0, options.everyMs - (Date.now() - started))));
    }
  });
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(senders);
      return outcomes;
    },
  };
}

/** Resolves with the moment `port` on 127.0.0.1 first accepts a connection (polled every 50 ms). */
async function acceptsConnections(port: number): Promise<number> {
  for (const deadline = Date.now() + BOOT_TIMEOUT_MS; Date.now() < deadline; ) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return Date.now();
    await new Promise((r) => setTimeout(r, 50));
  }
  return Number.NaN;
}

const tally = (outcomes: Outcome[]) => outcomes.reduce<Record<string, number>>((t, o) => ({ ...t, [o.status]: (t[o.status] ?? 0) + 1 }), {});

describe('the distributed set on PostgreSQL and Kafka', () => {
  it('survives kill -9 of each app in turn under traffic, then a rolling restart of two messaging replicas', async () => {
    if (typeof infra === 'string') return;
    receiver = await WebhookReceiver.start();
    const shift = await portShift();
    const env = documentedEnv(infra, shift);
    // The webhook receiver's certificate comes from the tests' CA; its address is 127.0.0.1.
    env.NODE_EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS!;
    env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = 'true';
    env.RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE = env.RATE_LIMIT_PER_IP_PER_MINUTE = '100000';
    delete env.REDIS_URL; // rate limits in memory: the shared Redis is no part of this
    // Eleven processes on a shared 2-core machine: a call may queue for seconds.
    env.GRPC_DEADLINE_MS = '30000';
    // KAFKA_SESSION_TIMEOUT_MS stays at its documented default (30 s): what a killed member holds its groups for.

    const start = async (name: string, extra: Record<string, string> = {}) => {
      const app = await startApp(name, { ...env, ...ownPorts(name, shift), ...extra }, BOOT_TIMEOUT_MS);
      apps.set(name, app);
      return app;
    };
    const names = [GATEWAY_APP.name, ...SERVICE_REGISTRY.map((s) => s.name)];
    const booted = await Promise.allSettled(names.map((name) => start(name)));
    const failed = booted.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;

    db = new Client({ connectionString: infra.DATABASE_URL });
    await db.connect();
    const gatewayUrl = `http://127.0.0.1:${apps.get(GATEWAY_APP.name)!.ports.port}`;
    const api = new ApiClient(gatewayUrl);
    const user = await signUp(api, 'failover');
    await sandboxNumber(api, user.accessToken);
    const key = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'hooks', rights: ['ManageWebhooks'] } });
    expect(key.status).toBe(201);
    const hook = await api.post('/v1/webhooks', { apiKey: key.body.key, body: { url: receiver.url('/failover'), label: 'failover', subscribedEvents: MESSAGE_EVENTS } });
    expect(hook.status).toBe(201);

    // ---- kill -9 of each app in turn, while messages flow ----------------------------------
    const traffic = keepSending(api, user, { everyMs: SEND_EVERY_MS, concurrency: 1, max: 300 });
    /** From the restart to /readyz 200, and from the moment its port accepted connections (its server was up) to /readyz 200. */
    const readyAfterMs: Record<string, number> = {};
    const readyAfterServingMs: Record<string, number> = {};
    for (const name of names) {
      await new Promise((r) => setTimeout(r, 1_000)); // some traffic through the whole set first
      const victim = apps.get(name)!;
      victim.child.kill('SIGKILL');
      await victim.exited;
      const restarted = Date.now();
      // A service's gRPC port (up before its consumer groups join), the gateway's HTTP port.
      const serving = acceptsConnections(victim.ports.grpcPort ?? victim.ports.port!);
      const app = await start(name);
      const port = app.ports.httpPort ?? app.ports.port;
      await waitFor(() => fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status, () => 0), (status) => status === 200, {
        timeoutMs: 120_000,
        intervalMs: 50,
        what: `${name} ready after its restart`,
      });
      readyAfterMs[name] = Date.now() - restarted;
      readyAfterServingMs[name] = Date.now() - (await serving);
    }
    const sent = await traffic.stop();
    console.log(`standalone-failover: ${sent.length} sends while each app was killed in turn (${JSON.stringify(tally(sent))}); ready after restart (ms): ${JSON.stringify(readyAfterMs)}, after its port accepted connections: ${JSON.stringify(readyAfterServingMs)}`);

    const accepted = sent.filter((o) => o.messageId).map((o) => o.messageId!);
    expect(accepted.length).toBeGreaterThan(0); // how many depends on how long each restart took (a busy machine: most were refused)
    // Every message the platform holds for this account (accepted, or committed before an answer was lost) reaches delivered.
    const statuses = async () =>
      (await db!.query<{ status: string; n: number }>('select status, count(*)::int as n from messaging.messages where account_id = $1 group by status', [user.accountId])).rows;
    await waitFor(statuses, (rows) => rows.every((r) => r.status === 'delivered'), { timeoutMs: 180_000, intervalMs: 500, what: 'every message delivered' });
    const held = (await db.query<{ id: string }>('select id from messaging.messages where account_id = $1', [user.accountId])).rows.map((r) => r.id);
    expect(held).toEqual(expect.arrayContaining(accepted));

    // The carrier got a submission for every dispatch the messages record. A submission is the message's by its destination
    // (each message has its own): SMS goes over SMPP (deploy/local.env), whose submit_sm carries no reference of ours, and
    // the SMSC files one without an account while routing (which it asks whose the sender is) is down.
    const submissions = (
      await db.query<{ message_id: string; n: number; smpp: boolean }>(
        `select m.id as message_id, count(*)::int as n, bool_and(s.protocol = 'smpp') as smpp
           from carrier_simulator.carrier_submissions s join messaging.messages m on m.destination = s.to_address
          where m.account_id = $1 group by 1`,
        [user.accountId],
      )
    ).rows;
    const dispatches = (
      await db.query<{ message_id: string; n: number }>(
        "select a.message_id, count(*)::int as n from messaging.message_audit a join messaging.messages m on m.id = a.message_id where m.account_id = $1 and a.to_status = 'dispatched' group by 1",
        [user.accountId],
      )
    ).rows;
    const byMessage = (rows: Array<{ message_id: string; n: number }>) => Object.fromEntries(rows.map((r) => [r.message_id, r.n]));
    const dispatched = byMessage(dispatches);
    expect(submissions.filter((s) => s.n < (dispatched[s.message_id] ?? 0))).toEqual([]);
    expect(Object.keys(byMessage(submissions)).sort()).toEqual([...held].sort());
    expect(Object.keys(dispatched).sort()).toEqual([...held].sort());
    // One per dispatch over HTTP (the reference makes a resubmission of one attempt idempotent). SMPP has no such key
    // (docs/service-contracts.md: at least once; e.g. a submit_sm the SMSC took from a process killed before it recorded
    // the dispatch goes again from its replacement), so only over SMPP may a message have more; they are counted here.
    const extra = submissions.filter((s) => s.n > (dispatched[s.message_id] ?? 0));
    expect(extra.filter((s) => !s.smpp)).toEqual([]);
    console.log(`standalone-failover: ${submissions.length} messages submitted to the carrier (${submissions.filter((s) => s.smpp).length} over SMPP); ${extra.length} submitted more often than dispatched`);

    // Each webhook event at least once, every copy under one id with the same bytes: a receiver dedupes by X-Webhook-Id.
    const copies = () => receiver!.at('/failover').filter((d) => d.body !== undefined);
    const eventsOf = (deliveries: ReceivedDelivery[]) => new Set(deliveries.map((d) => `${d.body.messageId} ${d.body.eventType}`));
    const wanted = held.flatMap((id) => MESSAGE_EVENTS.split(',').map((type) => `${id} ${type}`));
    await waitFor(async () => eventsOf(copies()), (got) => wanted.every((e) => got.has(e)), { timeoutMs: 120_000, intervalMs: 500, what: 'every webhook event' });
    const idsByEvent = new Map<string, Set<string>>();
    const bytesById = new Map<string, Set<string>>();
    for (const d of copies()) {
      const event = `${d.body.messageId} ${d.body.eventType}`;
      idsByEvent.set(event, (idsByEvent.get(event) ?? new Set()).add(d.headers['x-webhook-id']));
      bytesById.set(d.headers['x-webhook-id'], (bytesById.get(d.headers['x-webhook-id']) ?? new Set()).add(d.raw));
    }
    expect([...idsByEvent].filter(([, ids]) => ids.size !== 1)).toEqual([]);
    expect([...bytesById].filter(([, bytes]) => bytes.size !== 1)).toEqual([]);
    console.log(`standalone-failover: ${held.length} messages delivered; ${copies().length} webhook deliveries of ${idsByEvent.size} events`);

    // ---- a rolling restart of messaging as two replicas -------------------------------------
    // A second replica on ports of its own; the gateway balances over both (a gRPC target naming two addresses).
    const first = apps.get('messaging')!;
    const second = await startApp('messaging', { ...env, GRPC_PORT: '0', HTTP_PORT: '0' }, BOOT_TIMEOUT_MS);
    stray.push(second);
    const replicas = [
      { name: 'messaging', ports: { GRPC_PORT: String(first.ports.grpcPort), HTTP_PORT: String(first.ports.httpPort) } },
      { name: 'messaging #2', ports: { GRPC_PORT: String(second.ports.grpcPort), HTTP_PORT: String(second.ports.httpPort) } },
    ];
    const running = new Map<string, RunningApp>([
      ['messaging', first],
      ['messaging #2', second],
    ]);
    const gateway = apps.get(GATEWAY_APP.name)!;
    gateway.child.kill('SIGTERM');
    await gateway.exited;
    await start(GATEWAY_APP.name, { MESSAGING_GRPC_URL: `ipv4:127.0.0.1:${first.ports.grpcPort},127.0.0.1:${second.ports.grpcPort}` });

    const rolling = keepSending(api, user, { everyMs: 100, concurrency: 2, max: 400 });
    let lastStopAt = 0;
    for (const replica of replicas) {
      await new Promise((r) => setTimeout(r, 1_000));
      const old = running.get(replica.name)!;
      lastStopAt = Date.now();
      old.child.kill('SIGTERM'); // what a rollout does: the pod is told to stop, then replaced
      const code = await old.exited;
      expect({ replica: replica.name, code, output: code === 0 ? '' : old.output().slice(-4_000) }).toEqual({ replica: replica.name, code: 0, output: '' });
      const replacement = await startApp('messaging', { ...env, ...replica.ports }, BOOT_TIMEOUT_MS);
      stray.push(replacement);
      running.set(replica.name, replacement);
      // The next replica is stopped only once this one is ready (a Deployment's maxUnavailable 0).
      await waitFor(() => fetch(`http://127.0.0.1:${replica.ports.HTTP_PORT}/readyz`).then((r) => r.status, () => 0), (status) => status === 200, {
        timeoutMs: 120_000,
        intervalMs: 50,
        what: `${replica.name} ready`,
      });
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const rolled = await rolling.stop();
    const readyLate = Object.entries(readyAfterServingMs).filter(([, ms]) => ms > READY_WITHIN_MS);
    console.log(`standalone-failover: ${rolled.length} sends during the rolling restart (${JSON.stringify(tally(rolled))})`);
    expect(rolled.some((o) => o.at > lastStopAt)).toBe(true); // sends went on through the last replica's restart
    expect(rolled.filter((o) => o.status !== 201)).toEqual([]);
    const rolledIds = rolled.map((o) => o.messageId!);
    // A replica stopped while its consumer groups were still joining leaves without LeaveGroup: the coordinator holds
    // the group for KAFKA_SESSION_TIMEOUT_MS (30 s) before the next rebalance, once per restart, and the mock cluster
    // answers some SyncGroups with errors that cost another join. Seen in CI: receipts flowing again 80 s after the
    // last restart. So up to four minutes, not two; a group that never applies receipts still fails here.
    await waitFor(statuses, (rows) => rows.every((r) => r.status === 'delivered'), { timeoutMs: 240_000, intervalMs: 500, what: 'the rolling restart’s messages delivered' }).catch((error: unknown) => {
      // What the replicas said is the only trace of a consumer group that stopped applying receipts.
      const dir = process.env.FAILOVER_LOG_DIR;
      for (const [i, app] of [first, ...stray].entries()) {
        if (dir) writeFileSync(`${dir}/messaging-${i}.log`, app.output());
        else console.error(`standalone-failover: messaging replica ${i} said (last 4000 characters):\n${app.output().slice(-4_000)}`);
      }
      throw error;
    });
    const delivered = (await db.query<{ id: string }>("select id from messaging.messages where id = any($1) and status = 'delivered'", [rolledIds])).rows;
    expect(delivered).toHaveLength(rolledIds.length);

    // Last, so that a slow machine still shows everything above: each restarted app was ready within 5 s of serving
    // (it used to wait for its consumer groups, 32 s: a killed member holds a group for the session timeout). The time
    // before that is loading the app (TypeScript through tsx here), which a busy machine stretches: logged above.
    expect(readyLate).toEqual([]);
  });
});
