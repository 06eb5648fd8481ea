/**
 * `npm run bench`, second part (issue 10 point 11): a 10,000-row opt-out CSV
 * imported and exported through the API, against PostgreSQL doing the same
 * work with `psql \copy` in the same run, on the same database server:
 * - import baseline: `\copy` of the same file into a staging table plus an
 *   upsert into an equivalent opt-out table (unique key, do nothing on conflict);
 * - export baseline: `\copy (select ...) TO STDOUT` of the same rows.
 * Targets: the API takes at most 3 times as long as each baseline.
 */
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../test/support/api-client';
import { signUp } from '../test/support/journeys';
import { loadPlatformConfig } from '../src/config';
import { startPlatform } from '../src/platform';

const ROWS = 10_000;
const TARGET_RATIO = 3;
// Single cold runs are noisy: the figure is the median of several rounds.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// Without DATABASE_URL: a database of its own on the local server, dropped afterwards.
const SERVER = 'postgres://postgres@127.0.0.1:5432';
const OWN_DATABASE = process.env.DATABASE_URL ? undefined : `consent_bench_${process.pid}`;
const DATABASE_URL = process.env.DATABASE_URL ?? `${SERVER}/${OWN_DATABASE}`;

const psqlOn = (url: string, ...args: string[]) => execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const psql = (...args: string[]) => psqlOn(DATABASE_URL, ...args);

function optOutFile(): string {
  const numbers = new Set<string>();
  while (numbers.size < ROWS) numbers.add(`+1415${String(randomInt(10_000_000)).padStart(7, '0')}`);
  // Written as an export would: E.164 numbers start with "+", so they carry the protective apostrophe.
  return ['recipient,channel,reason', ...[...numbers].map((n, i) => `'${n},Sms,bench row ${i}`)].join('\r\n') + '\r\n';
}

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** One round: a fresh account and file, imported and exported through the API, then the same work by psql. */
async function round(platformUrl: string, api: ApiClient, dir: string, n: number): Promise<{ apiImport: number; apiExport: number; copyImport: number; copyExport: number }> {
  const csv = optOutFile();
  // The same rows without the apostrophes, for psql (which would keep them).
  const plain = join(dir, `opt-outs-${n}.csv`);
  writeFileSync(plain, csv.replace(/^'/gm, ''));
  const user = await signUp(api, `consent-bench-${n}`);
  const key = (await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'bench', rights: ['ManageRecipientConsent'] } })).body.key as string;
  const base = `${platformUrl}/v1/accounts/${user.accountId}/recipient-consent`;

  const apiImport = await timed(async () => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'opt-outs.csv');
    const res = await fetch(`${base}/opt-outs/import?scope=entireAccount`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    const body = (await res.json()) as { created?: number };
    if (res.status !== 200 || body.created !== ROWS) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  });
  const apiExport = await timed(async () => {
    const res = await fetch(`${base}/opt-outs/export`, { headers: { 'x-api-key': key } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`export answered ${res.status}`);
    return text.split('\r\n').filter(Boolean).length - 1;
  });
  if (apiExport.value !== ROWS) throw new Error(`export had ${apiExport.value} rows, not ${ROWS}`);

  psql('-c', 'set client_min_messages = warning; drop schema if exists consent_bench cascade; create schema consent_bench');
  psql(
    '-c',
    `create table consent_bench.opt_outs (id bigserial primary key, account_id uuid not null, recipient text not null, channel_type text not null,
       scope text not null, reason text, source text not null, created_at timestamptz not null default now(),
       unique (account_id, recipient, channel_type, scope))`,
  );
  const copyImport = await timed(() =>
    psql(
      '-c', 'create temp table staging (recipient text, channel text, reason text)',
      '-c', `\\copy staging from '${plain}' with (format csv, header true)`,
      '-c', `insert into consent_bench.opt_outs (account_id, recipient, channel_type, scope, reason, source)
             select '${user.accountId}', recipient, channel, 'entireAccount', reason, 'import' from staging
             on conflict do nothing`,
    ),
  );
  const copyExport = await timed(() =>
    psql('-c', `\\copy (select recipient, channel_type, scope, reason, source, created_at from consent_bench.opt_outs order by id) to stdout with (format csv, header true)`),
  );
  psql('-c', 'set client_min_messages = warning; drop schema consent_bench cascade');
  return { apiImport: apiImport.ms, apiExport: apiExport.ms, copyImport: copyImport.ms, copyExport: copyExport.ms };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'consent-bench-'));
  if (OWN_DATABASE) psqlOn(`${SERVER}/test`, '-c', `create database ${OWN_DATABASE}`);
  const platform = await startPlatform(
    loadPlatformConfig({
      ...process.env,
      DATABASE_URL,
      PORT: '0',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: '100000000',
    }),
  );
  try {
    const api = new ApiClient(platform.url);
    const rounds = [];
    for (let n = 0; n < ROUNDS; n++) rounds.push(await round(platform.url, api, dir, n));
    const figure = (step: string, apiMs: number[], baselineMs: number[]) => ({
      step,
      apiMs: Math.round(median(apiMs)),
      baselineMs: Math.round(median(baselineMs)),
      ratio: +(median(apiMs) / median(baselineMs)).toFixed(2),
    });
    const rows = [
      figure(`import ${ROWS} rows`, rounds.map((r) => r.apiImport), rounds.map((r) => r.copyImport)),
      figure(`export ${ROWS} rows`, rounds.map((r) => r.apiExport), rounds.map((r) => r.copyExport)),
    ];
    console.log(
      `consent CSV on PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}); medians of ${ROUNDS} rounds, each on a fresh account and file; ` +
        `baseline: psql \\copy (+ upsert for the import); target ratio <= ${TARGET_RATIO}`,
    );
    console.table(rows);
    const over = rows.filter((r) => r.ratio > TARGET_RATIO);
    if (over.length > 0) console.log(`over the target: ${over.map((r) => r.step).join(', ')}`);
  } finally {
    await platform.stop();
    rmSync(dir, { recursive: true, force: true });
    if (OWN_DATABASE) psqlOn(`${SERVER}/test`, '-c', `drop database if exists ${OWN_DATABASE} with (force)`);
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
