/**
 * `npm run bench`, the password hash's share of a sign-in: what one
 * verification costs with the hash the code stored before (scrypt N=2^14,
 * r=8, p=1) and with today's (Argon2id m=19 MiB, t=2, p=1), through the same
 * `checkPassword` a login uses:
 * - one at a time: ms per verification (p50, p99): what one sign-in waits;
 * - UV_THREADPOOL_SIZE (4) at once: verifications per second, the most
 *   sign-ins per second one process can check (hashing runs on libuv's pool).
 * The last line printed is one JSON object with every figure.
 *
 * Environment: LOGIN_BENCH_SECONDS (5, per scheme and mode).
 */
import { checkPassword, hashPassword } from '@mp/identity';
import { randomBytes, scrypt } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

const SECONDS = Number(process.env.LOGIN_BENCH_SECONDS ?? 5);
const PARALLEL = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const PASSWORD = 'correct horse battery staple';

/** The stored form of the code before Argon2id. */
function oldScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')),
    ),
  );
}

async function verifyOnce(stored: string): Promise<number> {
  const started = performance.now();
  const { ok } = await checkPassword(PASSWORD, stored);
  if (!ok) throw new Error('the bench password did not verify');
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function measure(stored: string) {
  const times: number[] = [];
  const oneAtATimeUntil = performance.now() + SECONDS * 1000;
  while (performance.now() < oneAtATimeUntil || times.length < 3) times.push(await verifyOnce(stored));
  times.sort((a, b) => a - b);

  let done = 0;
  const started = performance.now();
  const parallelUntil = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (performance.now() < parallelUntil) {
        await verifyOnce(stored);
        done++;
      }
    }),
  );
  return {
    msP50: Number(percentile(times, 50).toFixed(1)),
    msP99: Number(percentile(times, 99).toFixed(1)),
    verifications: times.length,
    perSecondParallel: Number(((done * 1000) / (performance.now() - started)).toFixed(1)),
  };
}

async function main() {
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
  const loadAtStart = Number(loadavg()[0].toFixed(2));
  const scryptOld = await measure(await oldScryptHash(PASSWORD));
  const argon2id = await measure(await hashPassword(PASSWORD));
  console.log(`machine: ${machine}; load average (1 min) at start ${loadAtStart}, at end ${loadavg()[0].toFixed(2)}`);
  console.table({
    'scrypt N=2^14 r=8 p=1 (before)': { 'ms p50': scryptOld.msP50, 'ms p99': scryptOld.msP99, [`verifications/s, ${PARALLEL} at once`]: scryptOld.perSecondParallel },
    'argon2id m=19456 t=2 p=1 (now)': { 'ms p50': argon2id.msP50, 'ms p99': argon2id.msP99, [`verifications/s, ${PARALLEL} at once`]: argon2id.perSecondParallel },
  });
  console.log(
    JSON.stringify({ loginHash: { scryptOld, argon2id, parallel: PARALLEL, seconds: SECONDS }, machine, loadAverageAtStart: loadAtStart, loadAverageAtEnd: Number(loadavg()[0].toFixed(2)) }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
