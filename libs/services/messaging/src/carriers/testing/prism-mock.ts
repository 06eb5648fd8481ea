import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The providers' own OpenAPI documents, vendored (third_party/vendor-specs/README.md). */
export const VENDOR_SPECS = join(__dirname, '../../../../../../third_party/vendor-specs');
const PRISM = join(__dirname, '../../../../../../node_modules/.bin/prism');
const READY_MS = 120_000;

export interface PrismMock {
  url: string;
  stop(): Promise<void>;
}

/**
 * Stoplight Prism mocking a provider's OpenAPI document (CARRIERS.md 6): a
 * request the document does not allow is answered 422 (400 or 401 for
 * security) with what broke it, a valid one with the document's example. An
 * implementation we did not write judges every request an adapter sends.
 * Prism runs under a shell that stops it when our end of its stdin closes,
 * so none outlives the test process.
 */
export async function startPrismMock(document: string): Promise<PrismMock> {
  const port = await freePort();
  const args = ['mock', document, '--host', '127.0.0.1', '--port', String(port)];
  const prism = spawn('sh', ['-c', '"$0" "$@" & child=$!; read -r _; kill "$child"', PRISM, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  prism.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  prism.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    prism.stdin!.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (prism.exitCode !== null) throw new Error(`prism exited with ${prism.exitCode}: ${output}`);
    // Prism logs "Prism is listening" once its routes are loaded; any HTTP answer means the same.
    if (output.includes('Prism is listening') || (await answers(url))) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prism did not listen within ${READY_MS} ms: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
