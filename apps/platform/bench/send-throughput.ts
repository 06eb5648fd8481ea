/**
 * `npm run bench`: authenticated sends through the gateway against a bare
 * Node http server answering a fixed 201 JSON body, in the same run and the
 * same process, so the ratio means something on any machine.
 */
import autocannon, { type Result } from 'autocannon';
import { createServer } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { ApiClient } from '../test/support/api-client';
import { signUp } from '../test/support/journeys';
import { loadPlatformConfig } from '../src/config';
import { startPlatform } from '../src/platform';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function run(opts: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

function summary(name: string, r: Result) {
  const ok = r['2xx'];
  return { name, acceptedPerSecond: Math.round(ok / (r.duration || SECONDS)), p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function main() {
  // Baseline: what this machine does with a trivial HTTP handler.
  const fixed = JSON.stringify({ messageId: '00000000-0000-4000-8000-000000000000', status: 'queued' });
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(fixed);
    });
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const barePort = (bare.address() as { port: number }).port;

  const platform = await startPlatform(
    loadPlatformConfig({
      ...process.env,
      PORT: '0',
      DATA_DIR: process.env.BENCH_DATA_DIR ?? ':memory:',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: '100000000',
    }),
  );
  const api = new ApiClient(platform.url);
  const user = await signUp(api, 'bench');
  const key = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'bench' } });
  const body = JSON.stringify({ to: '+14155550123', body: 'Benchmark message', clientReference: 'bench' });

  const common = { connections: CONNECTIONS, duration: SECONDS, method: 'POST' as const, body, headers: { 'content-type': 'application/json' } };
  const baseline = summary('bare node http (fixed 201)', await run({ ...common, url: `http://127.0.0.1:${barePort}/` }));
  const sends = summary(
    'POST /v1/accounts/{id}/messages (API key)',
    await run({ ...common, url: `${platform.url}/v1/accounts/${user.accountId}/messages`, headers: { ...common.headers, 'x-api-key': key.body.key } }),
  );

  await platform.stop();
  bare.close();

  console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`);
  console.log(`run: ${SECONDS}s per target, ${CONNECTIONS} connections, embedded storage (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
  console.table([baseline, sends]);
  console.log(`ratio (sends / baseline): throughput ${(sends.acceptedPerSecond / baseline.acceptedPerSecond).toFixed(4)}, p50 latency ${(sends.p50Ms / Math.max(baseline.p50Ms, 0.001)).toFixed(1)}x, p99 latency ${(sends.p99Ms / Math.max(baseline.p99Ms, 0.001)).toFixed(1)}x`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
