import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Server } from 'node:http';
import { principalOf, startSimulatorHarness, submitToCarrier, type SimulatorHarness } from '../testing/simulator.test-harness';

interface Received {
  path: string;
  signature: string | undefined;
  raw: Buffer;
  body: Record<string, unknown>;
}

/** A platform stand-in: checks the HMAC over the raw bytes and answers what `answers` says next. */
async function startReceiver(secret: string) {
  const received: Received[] = [];
  const answers: number[] = [];
  const app = express();
  app.post('/v1/webhooks/carriers/:carrier/receipts', express.raw({ type: '*/*' }), (req, res) => {
    const raw = req.body as Buffer;
    const expected = createHmac('sha256', secret).update(raw).digest('hex');
    const signature = req.header('x-signature');
    received.push({ path: req.path, signature, raw, body: JSON.parse(raw.toString('utf8')) });
    if (signature !== expected) return void res.status(401).end();
    res.status(answers.shift() ?? 200).end();
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sim: SimulatorHarness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let n = 0;
const submit = (to: string, accountId = 'acc-r') =>
  submitToCarrier(sim.endpoints.httpUrl, { reference: `rcpt-msg-${++n}:1`, accountId, channel: 'Sms', from: '+15550000001', to, body: 'Hi' });

beforeAll(async () => {
  receiver = await startReceiver('sandbox-sim-secret');
  sim = await startSimulatorHarness({ callbackUrl: receiver.url });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
beforeEach(async () => {
  // Leave no receipt of an earlier test due.
  await sim.runDue();
  sim.clock.advance(400);
  await sim.runDue();
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

describe('receipt delivery job', () => {
  it('posts a signed receipt once it is due, and only once', async () => {
    const submitted = await submit('+15551110001');
    expect(await sim.runDue()).toBe(0); // due one second after submission
    sim.clock.advance(1);
    expect(await sim.runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [post] = receiver.received;
    expect(post.path).toBe('/v1/webhooks/carriers/sim/receipts');
    expect(post.signature).toBe(createHmac('sha256', 'sandbox-sim-secret').update(post.raw).digest('hex'));
    expect(post.body).toEqual({
      eventId: expect.any(String),
      carrierMessageId: submitted.body.carrierMessageId,
      reference: `rcpt-msg-${n}:1`,
      status: 'delivered',
      occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    sim.clock.advance(600);
    expect(await sim.runDue()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('carries the error code of an undelivered receipt', async () => {
    await sim.client.setCarrierBehavior({ accountId: 'acc-r', destination: '+15551110002', outcome: 'undelivered', afterSeconds: 5 }, { principal: principalOf('acc-r') });
    await submit('+15551110002');
    sim.clock.advance(5);
    await sim.runDue();
    expect(receiver.received.map((r) => r.body)).toEqual([expect.objectContaining({ status: 'undelivered', errorCode: '30003' })]);
  });

  it('retries a receipt that got a 500 with backoff, and delivers it once', async () => {
    receiver.answers.push(500, 503);
    await submit('+15551110003');
    sim.clock.advance(1);
    expect(await sim.runDue()).toBe(1); // 500
    expect(await sim.runDue()).toBe(0); // not due again before 1 s
    sim.clock.advance(1);
    expect(await sim.runDue()).toBe(1); // 503
    sim.clock.advance(1);
    expect(await sim.runDue()).toBe(0); // the second retry waits 2 s
    sim.clock.advance(1);
    expect(await sim.runDue()).toBe(1); // 200
    sim.clock.advance(600);
    expect(await sim.runDue()).toBe(0);
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.body.eventId));
    expect(ids.size).toBe(1);
    // Every retry carries the same bytes, so the same signature.
    expect(new Set(receiver.received.map((r) => r.raw.toString('utf8'))).size).toBe(1);
    const [row] = await sim.db('carrier_receipts').where({ event_id: [...ids][0] as string });
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('keeps receipts while the platform is unreachable', async () => {
    await submit('+15551110004');
    sim.config.CARRIER_CALLBACK_URL = 'http://127.0.0.1:1';
    try {
      sim.clock.advance(1);
      expect(await sim.runDue()).toBe(1);
    } finally {
      sim.config.CARRIER_CALLBACK_URL = receiver.url;
    }
    const pending = await sim.db('carrier_receipts').whereNull('sent_at');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ attempts: 1 });
    sim.clock.advance(1);
    expect(await sim.runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });
});
