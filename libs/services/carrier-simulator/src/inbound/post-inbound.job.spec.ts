import { createHmac, randomUUID } from 'node:crypto';
import { simulatorPostingToReceiver } from '../testing/callback-receiver';
import { fakeRouting } from '../testing/fake-routing';
import { principalOf } from '../testing/simulator.test-harness';

const A = randomUUID();
const NUMBER = '+15550000001';
const { routing } = fakeRouting([{ accountId: A, address: NUMBER, channelTypes: ['Sms', 'WhatsApp'] }]);
const setup = simulatorPostingToReceiver({ routing });

const inboundPosts = () => setup.receiver.received.filter((r) => r.path === '/v1/webhooks/carriers/sim/inbound');
const simulate = (overrides: Record<string, unknown> = {}) =>
  setup.sim.client.simulateInbound({ accountId: A, channelType: 'Sms', from: '+15557654321', to: NUMBER, body: 'C', ...overrides }, { principal: principalOf(A) });

describe('inbound posting job', () => {
  it('posts exactly the signed inbound body once, to the carrier inbound route', async () => {
    const filed = await simulate({ body: 'Café ✓ C' });
    expect(await setup.sim.runDue()).toBe(1);
    expect(await setup.sim.runDue()).toBe(0);
    const [post] = inboundPosts();
    expect(setup.receiver.received).toHaveLength(1);
    expect(post.signature).toBe(createHmac('sha256', 'sandbox-sim-secret').update(post.raw).digest('hex'));
    // The bytes themselves: field order fixed, no context without a quote.
    expect(post.raw.toString('utf8')).toBe(
      JSON.stringify({
        eventId: filed.eventId,
        carrierMessageId: filed.carrierMessageId,
        channel: 'Sms',
        from: '+15557654321',
        to: NUMBER,
        body: 'Café ✓ C',
        receivedAt: filed.receivedAt,
      }),
    );
    expect(filed.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const [row] = await setup.sim.db('inbound_callbacks').where({ event_id: filed.eventId });
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
    setup.sim.clock.advance(600);
    expect(await setup.sim.runDue()).toBe(0);
    expect(inboundPosts()).toHaveLength(1);
  });

  it('retries a post that got a 500 with the same bytes until it is taken (the receipts backoff)', async () => {
    setup.receiver.answers.push(500);
    const filed = await simulate();
    expect(await setup.sim.runDue()).toBe(1); // 500
    const [waiting] = await setup.sim.db('inbound_callbacks').where({ event_id: filed.eventId });
    expect(waiting).toMatchObject({ attempts: 1, last_error: 'HTTP 500', sent_at: null });
    expect(await setup.sim.runDue()).toBe(0); // due again after 1 s (up to 10% later), not before
    setup.sim.clock.advance(1.1);
    expect(await setup.sim.runDue()).toBe(1); // 200
    setup.sim.clock.advance(600);
    expect(await setup.sim.runDue()).toBe(0);
    const posts = inboundPosts();
    expect(posts.map((p) => p.body.eventId)).toEqual([filed.eventId, filed.eventId]);
    expect(posts[1].raw.equals(posts[0].raw)).toBe(true);
    expect(posts[1].signature).toBe(posts[0].signature);
    const [row] = await setup.sim.db('inbound_callbacks').where({ event_id: filed.eventId });
    expect(row).toMatchObject({ attempts: 2, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('keeps the message while the platform is unreachable', async () => {
    setup.sim.config.CARRIER_CALLBACK_URL = 'http://127.0.0.1:1';
    let filed: Awaited<ReturnType<typeof simulate>>;
    try {
      filed = await simulate();
      expect(await setup.sim.runDue()).toBe(1);
    } finally {
      setup.sim.config.CARRIER_CALLBACK_URL = setup.receiver.url;
    }
    expect(await setup.sim.db('inbound_callbacks').where({ event_id: filed.eventId }).whereNull('sent_at')).toHaveLength(1);
    setup.sim.clock.advance(1.1);
    expect(await setup.sim.runDue()).toBe(1);
    expect(inboundPosts().map((p) => p.body.eventId)).toEqual([filed.eventId]);
  });
});
