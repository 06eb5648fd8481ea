import { createHmac } from 'node:crypto';
import { simulatorPostingToReceiver } from '../testing/callback-receiver';
import { principalOf, submitToCarrier } from '../testing/simulator.test-harness';

const setup = simulatorPostingToReceiver();

let n = 0;
const submit = (to: string, accountId = 'acc-r') =>
  submitToCarrier(setup.sim.endpoints.httpUrl, { reference: `rcpt-msg-${++n}:1`, accountId, channel: 'Sms', from: '+15550000001', to, body: 'Hi' });

describe('receipt delivery job', () => {
  it('posts a signed receipt once it is due, and only once, as a batch of one', async () => {
    const submitted = await submit('+15551110001');
    expect(await setup.sim.runDue()).toBe(0); // due one second after submission
    setup.sim.clock.advance(1);
    expect(await setup.sim.runDue()).toBe(1);
    expect(setup.receiver.received).toHaveLength(1);
    const [post] = setup.receiver.received;
    expect(post.path).toBe('/v1/webhooks/carriers/sim/receipts');
    expect(post.signature).toBe(createHmac('sha256', 'sandbox-sim-secret').update(post.raw).digest('hex'));
    expect(post.body).toEqual({
      receipts: [
        {
          eventId: expect.any(String),
          carrierMessageId: submitted.body.carrierMessageId,
          reference: `rcpt-msg-${n}:1`,
          status: 'delivered',
          occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        },
      ],
    });
    setup.sim.clock.advance(600);
    expect(await setup.sim.runDue()).toBe(0);
    expect(setup.receiver.received).toHaveLength(1);
  });

  it('posts the receipts due together in one signed callback, oldest first, and each only once', async () => {
    const first = await submit('+15551110011');
    setup.sim.clock.advance(0.5);
    const second = await submit('+15551110012');
    const third = await submit('+15551110013');
    setup.sim.clock.advance(1);
    expect(await setup.sim.runDue()).toBe(3);
    expect(setup.receiver.received).toHaveLength(1);
    const [post] = setup.receiver.received;
    expect(post.signature).toBe(createHmac('sha256', 'sandbox-sim-secret').update(post.raw).digest('hex'));
    const receipts = post.body.receipts as Array<Record<string, unknown>>;
    expect(receipts.map((r) => r.carrierMessageId)).toEqual([first, second, third].map((s) => s.body.carrierMessageId));
    expect(new Set(receipts.map((r) => r.eventId)).size).toBe(3);
    setup.sim.clock.advance(600);
    expect(await setup.sim.runDue()).toBe(0);
    expect(setup.receiver.received).toHaveLength(1);
  });

  it('posts at most 100 receipts in one callback', async () => {
    await Promise.all(Array.from({ length: 101 }, (_, i) => submit(`+1555222${String(i).padStart(4, '0')}`)));
    setup.sim.clock.advance(1);
    expect(await setup.sim.runDue()).toBe(100); // one pass, one post
    expect(await setup.sim.runDue()).toBe(1);
    expect(setup.receiver.received.map((post) => (post.body.receipts as unknown[]).length)).toEqual([100, 1]);
  });

  it('looks for due callbacks with one statement per queue and no transaction', async () => {
    const statements: string[] = [];
    const count = (query: { sql: string }) => statements.push(query.sql);
    setup.sim.db.on('query', count);
    try {
      expect(await setup.sim.runDue()).toBe(0);
    } finally {
      setup.sim.db.off('query', count);
    }
    // The receipts and the inbound messages, nothing due in either.
    expect(statements).toHaveLength(2);
    expect(statements.some((sql) => /^begin/i.test(sql))).toBe(false);
  });

  it('carries the error code of an undelivered receipt', async () => {
    await setup.sim.client.setCarrierBehavior({ accountId: 'acc-r', destination: '+15551110002', outcome: 'undelivered', afterSeconds: 5 }, { principal: principalOf('acc-r') });
    await submit('+15551110002');
    setup.sim.clock.advance(5);
    await setup.sim.runDue();
    expect(setup.receiver.received.map((r) => r.body)).toEqual([{ receipts: [expect.objectContaining({ status: 'undelivered', errorCode: '30003' })] }]);
  });

  it('retries a receipt that got a 500 with backoff, and delivers it once', async () => {
    setup.receiver.answers.push(500, 503);
    await submit('+15551110003');
    setup.sim.clock.advance(1);
    expect(await setup.sim.runDue()).toBe(1); // 500
    expect(await setup.sim.runDue()).toBe(0); // not due again before 1 s (up to 10% later: retry-jitter.ts)
    setup.sim.clock.advance(1.1);
    expect(await setup.sim.runDue()).toBe(1); // 503
    setup.sim.clock.advance(1);
    expect(await setup.sim.runDue()).toBe(0); // the second retry waits 2 s
    setup.sim.clock.advance(1.3);
    expect(await setup.sim.runDue()).toBe(1); // 200
    setup.sim.clock.advance(600);
    expect(await setup.sim.runDue()).toBe(0);
    expect(setup.receiver.received).toHaveLength(3);
    const ids = new Set(setup.receiver.received.flatMap((r) => (r.body.receipts as Array<{ eventId: string }>).map((receipt) => receipt.eventId)));
    expect(ids.size).toBe(1);
    // Every retry of a receipt posted alone carries the same bytes, so the same signature.
    expect(new Set(setup.receiver.received.map((r) => r.raw.toString('utf8'))).size).toBe(1);
    const [row] = await setup.sim.db('carrier_receipts').where({ event_id: [...ids][0] as string });
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('keeps receipts while the platform is unreachable', async () => {
    await submit('+15551110004');
    setup.sim.config.CARRIER_CALLBACK_URL = 'http://127.0.0.1:1';
    try {
      setup.sim.clock.advance(1);
      expect(await setup.sim.runDue()).toBe(1);
    } finally {
      setup.sim.config.CARRIER_CALLBACK_URL = setup.receiver.url;
    }
    const pending = await setup.sim.db('carrier_receipts').whereNull('sent_at');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ attempts: 1 });
    setup.sim.clock.advance(1.1);
    expect(await setup.sim.runDue()).toBe(1);
    expect(setup.receiver.received).toHaveLength(1);
  });
});
