import { randomUUID } from 'node:crypto';
import { credentialKey, openRateLimitStore } from '@mp/gateway';
import { createLogger } from '@mp/telemetry';
import { loadPlatformConfig } from '../src/config';
import type { ApiResponse } from './support/api-client';
import { signUp, type SignedUpUser } from './support/journeys';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';
import { redisServerInstalled, startOwnRedis, type OwnRedis } from './support/own-redis';
import { waitFor } from './support/wait-for';

// Issue 27 point 6: Redis (the gateway's rate-limit store) stopped under
// traffic. No request waits on it past its deadline (100 ms by default, bounded
// here loosely for a loaded CI machine: the old client queued commands until
// Redis returned, 20 s and more); limits still hold per replica, in memory; the
// outage is one log line and one count; once Redis is back, replicas count together again.

/**
 * No call to Redis takes 250 ms (its histogram: what "waits for Redis" means), and
 * every answer during an outage comes within BOUND_MS. That bound holds the
 * platform's own work too (a sign-in's Argon2id hash on a 2-core machine under
 * this traffic took up to 3.5 s in CI), so it is loose; the old hang fails
 * anyway, since the outage's 24 answers would never come. Both are wall-clock figures of one process shared with jest: on a
 * machine loaded far beyond CI's (a sign-in alone taking seconds),
 * MP_TEST_LOADED_MACHINE=true loosens them to 10 s and 1 s, still far inside
 * the old hang (until Redis returned).
 */
const LOADED = process.env.MP_TEST_LOADED_MACHINE === 'true';
const BOUND_MS = LOADED ? 10_000 : 5_000;
const REDIS_WAIT_BOUND_SECONDS = LOADED ? '1' : '0.25';
const CREDENTIAL_LIMIT = 3;

let redis: OwnRedis | undefined;
let booted: BootedPlatform;
let user: SignedUpUser;
const logLines: Array<Record<string, unknown>> = [];

// It runs in the Redis tier (REDIS_URL set: .ci/run's PostgreSQL and Redis step, in band), on a
// redis-server of its own: the one of REDIS_URL is shared and never stopped. `npm test` runs suites in
// parallel, where its time bounds would measure the neighbours.
const skipReason = !process.env.REDIS_URL ? 'REDIS_URL is not set' : !redisServerInstalled() ? 'redis-server is not installed' : undefined;
const skipped = skipReason !== undefined;
if (skipped) console.warn(`redis-outage: skipped: ${skipReason}. It runs with REDIS_URL set and redis-server installed (as .ci/run does).`);

beforeAll(async () => {
  if (skipped) return;
  redis = await startOwnRedis();
  const logger = createLogger('info', { app: 'platform' }, (line) => logLines.push(JSON.parse(line) as Record<string, unknown>));
  booted = await bootPlatform(
    {
      REDIS_URL: redis.url,
      RATE_LIMIT_KEY_PREFIX: `test:outage:${randomUUID()}:`,
      RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: String(CREDENTIAL_LIMIT),
    },
    logger,
  );
  user = await signUp(booted.api, 'redis-outage');
});

afterAll(async () => {
  if (skipped) return;
  await booted?.stop();
  await redis?.kill();
});

const outageLines = () => logLines.filter((l) => String(l.message).startsWith('rate-limit store unavailable'));
const recoveryLines = () => logLines.filter((l) => String(l.message).startsWith('rate-limit store is back'));

async function metricLines(): Promise<string[]> {
  return (await (await fetch(`${booted.platform.url}/metrics`)).text()).split('\n');
}

async function metric(name: string): Promise<number> {
  const line = (await metricLines()).find((l) => l.startsWith(`${name} `));
  return line === undefined ? NaN : Number(line.split(' ')[1]);
}

/** Calls to Redis that took longer than the bound, of all calls so far (the histogram's buckets, summed over outcomes). */
async function slowRedisCalls(): Promise<{ slow: number; calls: number; failed: number }> {
  const sum = (lines: string[]) => lines.reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
  const lines = (await metricLines()).filter((l) => l.startsWith('gateway_rate_limit_store_call_seconds_bucket{'));
  const all = lines.filter((l) => l.includes('le="+Inf"'));
  const calls = sum(all);
  const failed = sum(all.filter((l) => l.includes('outcome="failed"')));
  return { slow: calls - sum(lines.filter((l) => l.includes(`le="${REDIS_WAIT_BOUND_SECONDS}"`))), calls, failed };
}

/** One request, timed from the client. */
async function timed(request: () => Promise<ApiResponse>): Promise<ApiResponse & { ms: number }> {
  const started = performance.now();
  const res = await request();
  return { ...res, ms: Math.round(performance.now() - started) };
}

/** What a client does all day: sign in, check readiness, read the contract. */
const everyday = (): Array<[string, () => Promise<ApiResponse>]> => [
  ['POST /v1/auth/login', () => booted.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } })],
  ['GET /readyz', () => booted.api.get('/readyz')],
  ['GET /openapi/public.json', () => booted.api.get('/openapi/public.json')],
  ['GET /healthz', () => booted.api.get('/healthz')],
];

/** Clients sending those requests back to back until stopped; each answer's status and time. */
function traffic() {
  const seen: Array<{ what: string; status: number; ms: number }> = [];
  let running = true;
  const clients = Array.from({ length: 2 }, async (_, c) => {
    for (let i = c; running; i++) {
      const [what, request] = everyday()[i % 4];
      const res = await timed(request);
      seen.push({ what, status: res.status, ms: res.ms });
    }
  });
  return {
    seen,
    stop: async () => {
      running = false;
      await Promise.all(clients);
      return seen;
    },
  };
}

/** A credential's fourth request in a minute is refused, whichever store counts it. */
async function expectCredentialLimited(): Promise<void> {
  const token = `made-up-${randomUUID()}`;
  const answers = [];
  for (let i = 0; i <= CREDENTIAL_LIMIT; i++) answers.push(await timed(() => booted.api.get('/v1/auth/me', { token })));
  expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429]);
  expect(answers[3].body.code).toBe('RATE_LIMIT_EXCEEDED');
  expect(Number(answers[3].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(BOUND_MS);
}

/** Windows are fixed minutes of real time: counts compared across two stores must fall in one. */
async function wellInsideAMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
}

/** Until a request finds the store again (a probe is made on a request, at most every 500 ms). */
async function waitForSharedAgain(): Promise<void> {
  await waitFor(
    async () => {
      await booted.api.get('/healthz');
      return metric('gateway_rate_limit_store_up');
    },
    (up) => up === 1,
    { what: 'the rate-limit store to be up again', timeoutMs: 20_000, intervalMs: 100 },
  );
}

describe('Redis stopped under traffic', () => {
  it('answers every request within the bound, limits per replica meanwhile, logs and counts the outage once, shares limits again after', async () => {
    if (skipped) return;
    await waitForSharedAgain();
    const outagesBefore = await metric('gateway_rate_limit_store_outages_total');
    const linesBefore = outageLines().length;
    const recoveriesBefore = recoveryLines().length;

    // Killed under traffic.
    const load = traffic();
    await waitFor(async () => load.seen.length, (n) => n >= 2, { what: 'traffic before the kill' });
    await redis!.kill();
    const killedAt = load.seen.length;
    await waitFor(async () => load.seen.length, (n) => n >= killedAt + 24, { what: 'traffic during the outage', timeoutMs: 60_000 });
    const seen = await load.stop();
    const worst = (from: number, to: number) => {
      const out: Record<string, number> = {};
      for (const s of seen.slice(from, to)) out[s.what] = Math.max(out[s.what] ?? 0, s.ms);
      return out;
    };
    console.log('slowest answers before the kill', worst(0, killedAt), 'after', worst(killedAt, seen.length));

    // Nothing waited on Redis: no call to it took 250 ms, every answer came in time and was the ordinary one.
    expect(await slowRedisCalls()).toMatchObject({ slow: 0 });
    const slow = seen.filter((s) => s.ms >= BOUND_MS);
    expect(slow).toEqual([]);
    expect(seen.filter((s) => s.status !== 200)).toEqual([]);
    expect(new Set(seen.slice(killedAt).map((s) => s.what)).size).toBe(4);
    // Limits still hold, counted by this replica.
    await expectCredentialLimited();
    // Said once, in a metric and a log line.
    expect(await metric('gateway_rate_limit_store_up')).toBe(0);
    expect(await metric('gateway_rate_limit_store_outages_total')).toBe(outagesBefore + 1);
    expect(await metric('gateway_rate_limit_local_decisions_total')).toBeGreaterThan(24);
    expect(outageLines()).toHaveLength(linesBefore + 1);
    expect(outageLines().at(-1)).toMatchObject({ level: 'warn', service: 'gateway' });

    // Redis back on the same port: limits are shared again.
    await redis!.start();
    await waitForSharedAgain();
    expect(recoveryLines()).toHaveLength(recoveriesBefore + 1);
    expect(outageLines()).toHaveLength(linesBefore + 1);

    // Another replica's store on the same Redis counts with this gateway: two hits there, then the platform's third passes and its fourth is refused.
    const replicaLog: string[] = [];
    const replica = await openRateLimitStore(loadPlatformConfig(booted.env), createLogger('info', {}, (line) => replicaLog.push(line)));
    try {
      await wellInsideAMinute();
      const token = `made-up-${randomUUID()}`;
      const key = credentialKey({ authorization: `Bearer ${token}` })!;
      for (let i = 0; i < 2; i++) expect((await replica.hit(key, CREDENTIAL_LIMIT, 60_000, Date.now())).allowed).toBe(true);
      expect((await booted.api.get('/v1/auth/me', { token })).status).toBe(401);
      expect((await booted.api.get('/v1/auth/me', { token })).status).toBe(429);
      expect((await replica.hit(key, CREDENTIAL_LIMIT, 60_000, Date.now())).allowed).toBe(false);
      expect(replicaLog).toEqual([]); // the replica never failed open
    } finally {
      await replica.close();
    }
  });

  it('a stalled Redis (socket open, no answer) costs a request at most its deadline, and is one more outage', async () => {
    if (skipped) return;
    const outagesBefore = await metric('gateway_rate_limit_store_outages_total');
    const linesBefore = outageLines().length;
    const failedBefore = (await slowRedisCalls()).failed;
    redis!.pause();
    try {
      const answers = [];
      for (let round = 0; round < 3; round++) for (const [what, request] of everyday()) answers.push({ what, ...(await timed(request)) });
      const redisCalls = await slowRedisCalls();
      expect(redisCalls.slow).toBe(0);
      // The stalled calls ended at their deadline (without one they would never end, nor be counted).
      expect(redisCalls.failed).toBeGreaterThan(failedBefore);
      expect(answers.filter((a) => a.ms >= BOUND_MS).map(({ what, ms }) => ({ what, ms }))).toEqual([]);
      expect(answers.filter((a) => a.status !== 200).map(({ what, status }) => ({ what, status }))).toEqual([]);
      await expectCredentialLimited();
      expect(await metric('gateway_rate_limit_store_up')).toBe(0);
      expect(await metric('gateway_rate_limit_store_outages_total')).toBe(outagesBefore + 1);
      expect(outageLines()).toHaveLength(linesBefore + 1);
    } finally {
      redis!.resume();
    }
    await waitForSharedAgain();
  });
});
