import { createHmac, randomUUID } from 'node:crypto';
import { fakeRouting } from '../testing/fake-routing';
import { fakeSentMessages } from '../testing/fake-sent-messages';
import { principalOf, startSimulatorHarness, type SimulatorHarness } from '../testing/simulator.test-harness';
import { SANDBOX_WHATSAPP_CLOUD } from './cloud-api-settings';
import { sendToCloudApi, textMessage } from './testing/cloud-api-client';
import { startCallbackReceiver, type CallbackReceiver, type ReceivedCallback } from '../testing/callback-receiver';

const A = randomUUID();
const NUMBER = '+15550000001';
const CUSTOMER = '+15557654321';
const messaging = fakeSentMessages();
const { routing } = fakeRouting([{ accountId: A, address: NUMBER, channelTypes: ['Sms', 'WhatsApp'] }]);

let sim: SimulatorHarness;
let receiver: CallbackReceiver;
let n = 0;
const nextNumber = () => `+1555400${String(++n).padStart(4, '0')}`;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  sim = await startSimulatorHarness({ callbackUrl: receiver.url, routing, messaging: messaging.sentMessages });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
beforeEach(async () => {
  await sim.settle();
  receiver.reset();
});

const META_PATH = `/v1/webhooks/carriers/${SANDBOX_WHATSAPP_CLOUD.connectionName}`;
const metaPosts = () => receiver.received.filter((r) => r.path === META_PATH);
const sendText = async (to: string, body = 'Hi') => {
  const answer = await sendToCloudApi(sim.endpoints.httpUrl, textMessage(to, body));
  expect(answer.status).toBe(200);
  return (answer.body.messages as Array<{ id: string }>)[0].id;
};
/** Meta's `timestamp`: the sandbox clock's Unix seconds, as a string. */
const unixNow = (plusSeconds = 0) => String(Math.floor(sim.clock.now().getTime() / 1000) + plusSeconds);

/** The signature a platform checks: HMAC-SHA256 of the raw bytes under the app secret, lowercase hex. */
function expectSignedByAppSecret(post: ReceivedCallback, appSecret: string = SANDBOX_WHATSAPP_CLOUD.appSecret) {
  expect(post.headers['x-hub-signature-256']).toBe(`sha256=${createHmac('sha256', appSecret).update(post.raw).digest('hex')}`);
  expect(post.headers['content-type']).toBe('application/json');
}

/** The envelope of every Meta webhook (CARRIERS.md 2.3), around one change's value. */
const metaEnvelope = (displayNumber: string, carries: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: SANDBOX_WHATSAPP_CLOUD.businessAccountId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: displayNumber.slice(1), phone_number_id: SANDBOX_WHATSAPP_CLOUD.phoneNumberId },
            ...carries,
          },
        },
      ],
    },
  ],
});

describe('status webhooks of the Cloud API fake', () => {
  it('delivered: a signed `sent` status at once, then a signed `delivered` status, in Meta’s shape', async () => {
    const to = nextNumber();
    const sentAt = unixNow();
    const wamid = await sendText(to);
    expect(await sim.runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [sent] = metaPosts();
    expectSignedByAppSecret(sent);
    expect(sent.body).toEqual(
      metaEnvelope(SANDBOX_WHATSAPP_CLOUD.displayNumber, { statuses: [{ id: wamid, status: 'sent', timestamp: sentAt, recipient_id: to.slice(1) }] }),
    );
    sim.clock.advance(1);
    expect(await sim.runDue()).toBe(1);
    const [, delivered] = metaPosts();
    expectSignedByAppSecret(delivered);
    // Due a second after the send, by the sandbox clock, which also runs on: any whole second from then to now.
    const deliveredAt = Number((delivered.body as any).entry[0].changes[0].value.statuses[0].timestamp);
    expect(deliveredAt).toBeGreaterThanOrEqual(Number(sentAt) + 1);
    expect(deliveredAt).toBeLessThanOrEqual(Number(unixNow()));
    expect(delivered.body).toEqual(
      metaEnvelope(SANDBOX_WHATSAPP_CLOUD.displayNumber, { statuses: [{ id: wamid, status: 'delivered', timestamp: String(deliveredAt), recipient_id: to.slice(1) }] }),
    );
    sim.clock.advance(600);
    expect(await sim.runDue()).toBe(0);
    expect(receiver.received).toHaveLength(2);
  });

  it('due together, `sent` and `delivered` go in one webhook, `sent` first', async () => {
    const to = nextNumber();
    await sim.client.setCarrierBehavior({ accountId: 'acc-wh', destination: to, outcome: 'delivered', afterSeconds: 0 }, { principal: principalOf('acc-wh') });
    const wamid = await sendText(to);
    await sim.runDue();
    const [post] = metaPosts();
    const statuses = (post.body as any).entry[0].changes[0].value.statuses;
    expect(statuses.map((s: any) => [s.id, s.status])).toEqual([
      [wamid, 'sent'],
      [wamid, 'delivered'],
    ]);
  });

  it('undelivered: one signed `failed` status with Meta’s error 131026 after afterSeconds, no `sent`', async () => {
    const to = nextNumber();
    await sim.client.setCarrierBehavior({ accountId: 'acc-wh', destination: to, outcome: 'undelivered', afterSeconds: 5 }, { principal: principalOf('acc-wh') });
    const sentAt = unixNow();
    const wamid = await sendText(to);
    expect(await sim.runDue()).toBe(0);
    sim.clock.advance(5);
    expect(await sim.runDue()).toBe(1);
    const [failed] = metaPosts();
    expect(receiver.received).toHaveLength(1);
    expectSignedByAppSecret(failed);
    const failedAt = Number((failed.body as any).entry[0].changes[0].value.statuses[0].timestamp);
    expect(failedAt).toBeGreaterThanOrEqual(Number(sentAt) + 5);
    expect(failedAt).toBeLessThanOrEqual(Number(unixNow()));
    expect(failed.body).toEqual(
      metaEnvelope(SANDBOX_WHATSAPP_CLOUD.displayNumber, {
        statuses: [
          {
            id: wamid,
            status: 'failed',
            timestamp: String(failedAt),
            recipient_id: to.slice(1),
            errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: expect.any(String) }, href: expect.any(String) }],
          },
        ],
      }),
    );
  });

  it('no-receipt: no status at all', async () => {
    const to = nextNumber();
    await sim.client.setCarrierBehavior({ accountId: 'acc-wh', destination: to, outcome: 'no-receipt' }, { principal: principalOf('acc-wh') });
    await sendText(to);
    sim.clock.advance(3600);
    expect(await sim.runDue()).toBe(0);
    expect(receiver.received).toEqual([]);
  });

  it('retries a status webhook that got a 500 (the receipts backoff): the status goes again, with those due since', async () => {
    receiver.answers.push(500);
    await sendText(nextNumber());
    expect(await sim.runDue()).toBe(1); // 500
    expect(await sim.runDue()).toBe(0); // not due again before 1 s
    sim.clock.advance(1.1);
    await sim.runDue(); // the `sent` again, and the `delivered` now due too
    const [first, second] = metaPosts();
    expect((second.body as any).entry[0].changes[0].value.statuses[0]).toEqual((first.body as any).entry[0].changes[0].value.statuses[0]);
    expectSignedByAppSecret(second);
    const retried = metaPosts().map((p) => (p.body as any).entry[0].changes[0].value.statuses.length);
    expect(retried).toEqual([1, 2]);
  });

  it('calls back as the configured connection, signed with the configured app secret', async () => {
    sim.config.SIM_WHATSAPP_CONNECTION = 'meta-sandbox';
    sim.config.SIM_WHATSAPP_APP_SECRET = 'another-app-secret';
    try {
      await sendText(nextNumber());
      await sim.runDue();
    } finally {
      sim.config.SIM_WHATSAPP_CONNECTION = undefined;
      sim.config.SIM_WHATSAPP_APP_SECRET = undefined;
    }
    const [post] = receiver.received;
    expect(post.path).toBe('/v1/webhooks/carriers/meta-sandbox');
    expectSignedByAppSecret(post, 'another-app-secret');
    expect(post.headers['x-hub-signature-256']).not.toBe(`sha256=${createHmac('sha256', SANDBOX_WHATSAPP_CLOUD.appSecret).update(post.raw).digest('hex')}`);
  });

});

describe('inbound webhooks of the Cloud API fake', () => {
  const simulate = (overrides: Record<string, unknown> = {}) =>
    sim.client.simulateInbound({ accountId: A, channelType: 'WhatsApp', from: CUSTOMER, to: NUMBER, body: 'C', ...overrides }, { principal: principalOf(A) });

  it('posts a sandbox WhatsApp message as Meta’s signed messages webhook, non-ASCII escaped as Meta does', async () => {
    const filed = await simulate({ body: 'Café ✓ 🙂 a/b' });
    expect(filed.carrierMessageId).toMatch(/^wamid\./);
    expect(await sim.runDue()).toBe(1);
    const [post] = receiver.received;
    expect(post.path).toBe(META_PATH);
    expectSignedByAppSecret(post);
    const raw = post.raw.toString('utf8');
    expect(raw).toContain('Caf\\u00e9 \\u2713 \\ud83d\\ude42 a\\/b');
    expect(/[^\x00-\x7f]/.test(raw)).toBe(false);
    expect(post.body).toEqual(
      metaEnvelope(NUMBER, {
        contacts: [{ profile: { name: expect.any(String) }, wa_id: CUSTOMER.slice(1) }],
        messages: [
          {
            from: CUSTOMER.slice(1),
            id: filed.carrierMessageId,
            timestamp: String(Math.floor(new Date(filed.receivedAt!).getTime() / 1000)),
            type: 'text',
            text: { body: 'Café ✓ 🙂 a/b' },
          },
        ],
      }),
    );
    sim.clock.advance(600);
    expect(await sim.runDue()).toBe(0);
  });

  it('carries context { from, id } when the message quotes one the account sent, by the wamid the platform recorded', async () => {
    const wamid = await sendText(CUSTOMER, 'Reply C');
    const messageId = randomUUID();
    messaging.add({ accountId: A, messageId, destination: CUSTOMER, channelType: 'WhatsApp', carrierMessageIds: [wamid] });
    await simulate({ quotedMessageId: messageId });
    sim.clock.advance(1);
    await sim.runDue();
    const quoting = metaPosts().find((p) => (p.body as any).entry[0].changes[0].value.messages);
    expect((quoting!.body as any).entry[0].changes[0].value.messages[0].context).toEqual({ from: NUMBER.slice(1), id: wamid });
  });


  it('posts WhatsApp as Meta\'s webhook and SMS as the sim carrier\'s inbound callback', async () => {
    const whatsApp = await simulate();
    const sms = await simulate({ channelType: 'Sms' });
    expect(await sim.runDue()).toBe(2);
    expect(metaPosts().map((p) => (p.body as any).entry[0].changes[0].value.messages[0].id)).toEqual([whatsApp.carrierMessageId]);
    const posts = receiver.received.filter((r) => r.path === '/v1/webhooks/carriers/sim/inbound');
    expect(posts.map((p) => [p.body.carrierMessageId, p.body.channel])).toEqual([[sms.carrierMessageId, 'Sms']]);
    for (const post of posts) expect(post.headers['x-signature']).toBe(createHmac('sha256', 'sandbox-sim-secret').update(post.raw).digest('hex'));
  });

});
