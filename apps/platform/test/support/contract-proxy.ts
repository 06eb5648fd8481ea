import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProviderCallbackPath } from '@mp/gateway';
import { freePort } from './free-port';

/**
 * Stoplight Prism's validating proxy in front of a running platform (issue 27
 * point 8): a tool we did not write checks every request and answer against
 * the document the gateway serves at /openapi/public.json. Prism forwards all
 * traffic (`--errors=false`) and names what breaks the document in an
 * `sl-violations` header; a small router in front records each answer and its
 * violations as a JSON line in `reportFile` (tools/contract/prism-report.ts judges them after the
 * run). Around Prism, straight to the platform: signed provider callbacks
 * (Prism re-serialises a body, and the signature covers its raw bytes) and the
 * routes outside the contract (probes, metrics, the document itself).
 */
export interface ContractProxy {
  /** Where clients send their requests. */
  url: string;
  stop(): Promise<void>;
}

/** One answer Prism checked, with what it found at odds with the document. */
export interface RecordedViolations {
  method: string;
  /** The request path, query left out. */
  path: string;
  status: number;
  violations: Array<{ location: string[]; severity: string; code: string | number; message: string }>;
}

const OUTSIDE_THE_CONTRACT = /^\/(healthz|readyz|metrics|openapi\/public\.(json|yaml))$/;
const PRISM = join(__dirname, '../../../../node_modules/.bin/prism');
const PRISM_READY_MS = 120_000;

export async function startContractProxy(platformUrl: string, reportFile: string): Promise<ContractProxy> {
  const prismPort = await freePort();
  // The document exactly as served, handed to Prism as a file: Prism's own download gives up after a few seconds,
  // which a busy machine's platform (in this same process) does not always meet.
  const served = await fetch(`${platformUrl}/openapi/public.json`);
  if (served.status !== 200) throw new Error(`GET /openapi/public.json answered ${served.status}`);
  const documentFile = join(mkdtempSync(join(tmpdir(), 'contract-proxy-')), 'public.json');
  writeFileSync(documentFile, await served.text());
  const args = ['proxy', documentFile, platformUrl, '--errors=false', '--host', '127.0.0.1', '--port', String(prismPort)];
  // Prism runs under a shell that stops it when our end of its stdin closes: when stop() is called, or when this
  // process ends in any way (a jest worker is not always told), so no Prism outlives the run.
  const prism = spawn('sh', ['-c', '"$0" "$@" & child=$!; read -r _; kill "$child"', PRISM, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    await prismListening(prism);
  } catch (error) {
    prism.stdin!.end();
    throw error;
  }
  // Neither Prism nor the router keeps a finished test run alive.
  for (const stream of [prism.stdin, prism.stdout, prism.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
  prism.unref();
  const platform = new URL(platformUrl);
  const router = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const body = await readBody(req);
    const around = isProviderCallbackPath(path) || OUTSIDE_THE_CONTRACT.test(path) || unparsableJson(req, body);
    forward(req, body, res, around ? Number(platform.port) : prismPort, (answer) => {
      if (around) return;
      // Every answer Prism checked is written down (no header: nothing broke the document), so a run can show how much it saw.
      const header = answer.headers['sl-violations'];
      const violations = typeof header === 'string' ? JSON.parse(header) : [];
      const record: RecordedViolations = { method: req.method ?? 'GET', path, status: answer.statusCode ?? 0, violations };
      appendFileSync(reportFile, `${JSON.stringify(record)}\n`);
    });
  });
  // No server-side idle close: the router shares its process with the suite, and a suite that blocks the loop for
  // seconds (generated-client's type-check) would otherwise resume with the idle timer closing a kept-alive socket
  // just as its next POST goes out on it (ECONNRESET on every journey step, seen once in CI).
  router.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  router.unref();
  const { port } = router.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await closeServer(router);
      prism.stdin!.end();
    },
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A JSON request Prism cannot read (no body where one is required, or broken JSON) never reaches the
 * platform through it (Prism's proxy holds it unanswered): it goes around, and the suite checks the
 * platform's own problem answer (BODY_REQUIRED, INVALID_JSON).
 */
function unparsableJson(req: IncomingMessage, body: Buffer): boolean {
  if (!['POST', 'PUT', 'PATCH'].includes(req.method ?? '') || !/json/i.test(req.headers['content-type'] ?? 'application/json')) return false;
  if (body.length === 0) return true;
  try {
    JSON.parse(body.toString('utf8'));
    return false;
  } catch {
    return true;
  }
}

function forward(req: IncomingMessage, body: Buffer, res: ServerResponse, port: number, onAnswer: (answer: IncomingMessage) => void): void {
  const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    onAnswer(answer);
    res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`contract proxy: ${error.message}`);
  });
  upstream.end(body);
}

function prismListening(prism: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Prism did not start within ${PRISM_READY_MS} ms:\n${output}`)), PRISM_READY_MS);
    let listening = false;
    // Read to the end (Prism logs every request: a full pipe would stall it), kept only until it listens.
    const read = (chunk: Buffer) => {
      if (listening) return;
      output += chunk.toString();
      if (/Prism is listening/.test(output)) {
        listening = true;
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout!.on('data', read);
    prism.stderr!.on('data', read);
    prism.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}) before listening:\n${output}`));
    });
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
