/**
 * `npm run bench`, third part (issue 11 point 9): deliveries per second of
 * one webhook dispatcher on PostgreSQL to a local HTTPS receiver (a process
 * of its own), next to a bare loop in the same run that signs and POSTs the
 * same payloads over keep-alive connections with the same concurrency.
 * The dispatcher is the service module itself, hosted as a deployment hosts
 * it; its deliveries are written as the event fan-out writes them.
 * Targets: at least 1,000 deliveries/s, and at least 40% of the bare loop.
 */
import { fork, execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import { SystemClock } from '@mp/clock';
import { createDatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport } from '@mp/events';
import { createServiceClients, ServiceHost, schemaOf, testCallKeys } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import { webhookDispatcherService } from '@mp/webhook-dispatcher';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const ENDPOINTS = 2;
// The dispatcher holds at most 16 attempts in flight per endpoint: the bare loop gets as many connections.
const CONCURRENCY = 16 * ENDPOINTS;
const TARGET_PER_SECOND = 1_000;
const TARGET_SHARE = 0.4;
const SERVER = 'postgres://postgres@127.0.0.1:5432';
const OWN_DATABASE = process.env.DATABASE_URL ? undefined : `webhook_bench_${process.pid}`;
const DATABASE_URL = process.env.DATABASE_URL ?? `${SERVER}/${OWN_DATABASE}`;
const psql = (...args: string[]) => execFileSync('psql', [`${SERVER}/test`, '-q', ...args], { encoding: 'utf8' });

function payloadOf(accountId: string, i: number): string {
  return JSON.stringify({
    eventType: 'MessageDelivered',
    timestamp: new Date().toISOString(),
    accountId,
    subaccountId: null,
    messageId: randomUUID(),
    data: { clientReference: `order-${i}`, previousState: 'dispatched', reason: 'delivered', state: 'delivered', channelType: 'Sms', attempt: 1 },
  });
}

async function startReceiver(): Promise<{ port: number; stop(): void }> {
  const child = fork(join(__dirname, 'webhook-receiver.js'), [], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  return { port, stop: () => child.kill() };
}

/** The service as a deployment runs it: migrations, consumers, the dispatcher and its due job. */
async function dispatcherRate(port: number): Promise<number> {
  const databases = createDatabaseProvider({ databaseUrl: DATABASE_URL, dataDir: ':memory:' });
  const transport = createEmbeddedLogTransport({ db: databases });
  const { keys, gateway } = await testCallKeys();
  const clients = createServiceClients({}, { signer: gateway });
  const host = new ServiceHost(
    webhookDispatcherService,
    { WEBHOOK_ALLOW_PRIVATE_NETWORKS: true, WEBHOOK_DELIVERY_ENABLED: true, WEBHOOK_MAX_IN_FLIGHT: 512 },
    { databases, transport, clock: new SystemClock(), logger: createLogger('error'), clients, callKeys: keys, sandbox: false },
  );
  await host.start({ host: '127.0.0.1', port: 0 });
  const db = databases.forSchema(schemaOf('webhook-dispatcher'));
  try {
    const accountId = randomUUID();
    const now = new Date();
    const endpoints = Array.from({ length: ENDPOINTS }, (_, i) => ({
      id: randomUUID(),
      account_id: accountId,
      kind: 'message',
      url: `https://localhost:${port}/hooks/${i}`,
      label: `bench ${i}`,
      subscribed_events: 'AllMessageEvents',
      active: true,
      signing_secret: `whsec_bench${i}`,
      created_at: now,
      updated_at: now,
    }));
    await db('webhook_endpoints').insert(endpoints);
    const rows = Array.from({ length: DELIVERIES }, (_, i) => ({
      id: randomUUID(),
      endpoint_id: endpoints[i % ENDPOINTS].id,
      account_id: accountId,
      event_id: randomUUID(),
      event_type: 'MessageDelivered',
      message_id: null,
      payload: payloadOf(accountId, i),
      status: 'Pending',
      next_attempt_at: now,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 1_000) await db('webhook_deliveries').insert(rows.slice(i, i + 1_000));
    const started = performance.now();
    void host.runDueWork();
    for (;;) {
      const [{ n }] = await db('webhook_deliveries').where({ account_id: accountId, status: 'Succeeded' }).count<{ n: string }[]>({ n: '*' });
      if (Number(n) >= DELIVERIES) break;
      const [{ failed }] = await db('webhook_deliveries').where({ account_id: accountId }).whereNot('status', 'Pending').whereNot('status', 'Succeeded').count<{ failed: string }[]>({ failed: '*' });
      if (Number(failed) > 0) throw new Error(`${failed} deliveries failed`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return DELIVERIES / ((performance.now() - started) / 1000);
  } finally {
    await host.stop();
    clients.close();
    await transport.close();
    await databases.close();
  }
}

/** The floor: sign and POST the same payloads over keep-alive, CONCURRENCY at a time, nothing recorded. */
async function bareLoopRate(port: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const accountId = randomUUID();
  const payloads = Array.from({ length: DELIVERIES }, (_, i) => payloadOf(accountId, i));
  let next = 0;
  const post = (body: string, i: number) =>
    new Promise<void>((resolve, reject) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', 'whsec_bench').update(`${timestamp}.`).update(body).digest('hex');
      const req = request(
        {
          agent,
          host: 'localhost',
          port,
          method: 'POST',
          path: `/hooks/${i % ENDPOINTS}`,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-webhook-id': randomUUID(),
            'x-webhook-timestamp': timestamp,
            'x-webhook-signature': `sha256=${signature}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode! < 300 ? resolve() : reject(new Error(`answered ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < payloads.length) {
        const i = next++;
        await post(payloads[i], i);
      }
    }),
  );
  const rate = DELIVERIES / ((performance.now() - started) / 1000);
  agent.destroy();
  return rate;
}

async function main() {
  if (!process.env.NODE_EXTRA_CA_CERTS?.endsWith('webhook-tls/ca.pem')) throw new Error('run through `npm run bench` (NODE_EXTRA_CA_CERTS names the receiver\'s test CA)');
  if (OWN_DATABASE) psql('-c', `create database ${OWN_DATABASE}`);
  const receiver = await startReceiver();
  try {
    // Warm both paths (TLS sessions, JIT) before measuring.
    await bareLoopRate(receiver.port);
    const bare = await bareLoopRate(receiver.port);
    const dispatcher = await dispatcherRate(receiver.port);
    const share = dispatcher / bare;
    console.log(
      `webhook deliveries on PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}): ${DELIVERIES} signed POSTs to a local HTTPS receiver, ` +
        `${CONCURRENCY} at a time; targets >= ${TARGET_PER_SECOND}/s and >= ${TARGET_SHARE * 100}% of the bare loop`,
    );
    console.table([
      { path: 'bare loop (sign + POST, keep-alive)', perSecond: Math.round(bare) },
      { path: 'webhook dispatcher (claim, sign, POST, record)', perSecond: Math.round(dispatcher), share: +share.toFixed(2) },
    ]);
    if (dispatcher < TARGET_PER_SECOND || share < TARGET_SHARE) console.log('under the target');
  } finally {
    receiver.stop();
    if (OWN_DATABASE) psql('-c', `drop database if exists ${OWN_DATABASE} with (force)`);
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
