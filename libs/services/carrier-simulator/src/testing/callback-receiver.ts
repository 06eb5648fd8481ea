import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { startSimulatorHarness, type SimulatorHarness } from './simulator.test-harness';

export interface ReceivedCallback {
  path: string;
  /** X-Signature, the sim carrier's HMAC. */
  signature: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  body: Record<string, unknown>;
}

/**
 * A platform stand-in for every carrier callback route (`/v1/webhooks/carriers/...`):
 * records each post with its raw bytes and headers and answers what `answers`
 * says next (200 when it is empty). Given the sim carrier's `secret`, it
 * refuses a wrong X-Signature with 401; Meta's signatures the tests check themselves.
 */
export async function startCallbackReceiver(secret?: string) {
  const received: ReceivedCallback[] = [];
  const answers: number[] = [];
  const app = express();
  app.post(/^\/v1\/webhooks\/carriers\//, express.raw({ type: '*/*' }), (req, res) => {
    const raw = req.body as Buffer;
    const signature = req.header('x-signature');
    received.push({ path: req.path, signature, headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) });
    if (secret !== undefined && signature !== createHmac('sha256', secret).update(raw).digest('hex')) return void res.status(401).end();
    res.status(answers.shift() ?? 200).end();
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answers,
    /** Forgets what was received and the answers not yet given. */
    reset() {
      received.length = 0;
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type CallbackReceiver = Awaited<ReturnType<typeof startCallbackReceiver>>;

/**
 * Jest hooks for a posting test: a receiver and a simulator posting to it,
 * started once, and before each test nothing left due and nothing remembered.
 * Read `sim` and `receiver` inside tests (they are set in beforeAll).
 */
export function simulatorPostingToReceiver(options: Omit<Parameters<typeof startSimulatorHarness>[0], 'callbackUrl'> = {}) {
  const setup = {} as { sim: SimulatorHarness; receiver: CallbackReceiver };
  beforeAll(async () => {
    setup.receiver = await startCallbackReceiver('sandbox-sim-secret');
    setup.sim = await startSimulatorHarness({ ...options, callbackUrl: setup.receiver.url });
  });
  afterAll(async () => {
    await setup.sim.close();
    await setup.receiver.close();
  });
  beforeEach(async () => {
    await setup.sim.settle();
    setup.receiver.reset();
  });
  return setup;
}
