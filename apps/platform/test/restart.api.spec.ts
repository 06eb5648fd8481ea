import { createHmac } from 'node:crypto';
import { freshDestination, sandboxNumber, signUp, waitForStatus } from './support/journeys';
import { bootPlatform, countRows, temporaryDataDir } from './support/platform-fixture';
import { waitFor } from './support/wait-for';
import { signatureValid, WebhookReceiver } from './support/webhook-receiver';

/**
 * On the Kafka tier a fresh boot's consumer groups may take tens of seconds to
 * join the mock cluster (each reply crosses three of them), so waits there are
 * longer than the default 15 s.
 */
const SLOW_JOIN_MS = 90_000;

describe('a restart between acceptance and dispatch', () => {
  it('delivers the accepted message exactly once on the same data', async () => {
    const data = temporaryDataDir();
    try {
      // First life: sending is accepted but the dispatcher is held, as if the process died before dispatch.
      const first = await bootPlatform({ DATA_DIR: data.dir, DISPATCH_ENABLED: 'false' });
      const user = await signUp(first.api, 'restart');
      const sent = await first.api.post(`/v1/accounts/${user.accountId}/messages`, {
        token: user.accessToken,
        body: { to: '+14155550160', body: 'survive a restart' },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.status).toBe('queued');
      await first.stop();

      // Second life on the same data: the message goes out and is delivered once.
      const second = await bootPlatform({ DATA_DIR: data.dir });
      try {
        const login = await second.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
        expect(login.status).toBe(200);
        const who = { accountId: user.accountId, accessToken: login.body.accessToken };
        const delivered = await waitForStatus(second.api, who, sent.body.messageId, ['delivered']);
        const steps = delivered.body.auditTrail.map((a: { toStatus: string }) => a.toStatus);
        expect(steps).toEqual(['queued', 'dispatched', 'delivered']);
        expect(delivered.body.channelHistory).toHaveLength(1);
        // The carrier got it once.
        expect(await countRows(second.platform, 'carrier_simulator', 'carrier_submissions', { account_id: user.accountId })).toBe(1);
      } finally {
        await second.stop();
      }
    } finally {
      data.remove();
    }
  });
});

describe('a restart after a reply was taken in', () => {
  it('keeps one reply, one MessageReceived, one answer and one opt-out event, and repeated callbacks after it change nothing', async () => {
    const data = temporaryDataDir();
    const person = freshDestination();
    // The repeats are the HTTP carrier's signed callbacks (a carrier retrying the same bytes): the sandbox's SMS goes
    // through that carrier here, its SMSC off, so the replies came in under the same carrier and event ids.
    const HTTP_CARRIER = { SMSC_ENABLED: 'false' };
    try {
      const first = await bootPlatform({ DATA_DIR: data.dir, ...HTTP_CARRIER });
      const user = await signUp(first.api, 'restart-reply');
      const number = await sandboxNumber(first.api, user.accessToken);
      const template = await first.api.post('/v1/templates', {
        token: user.accessToken,
        body: { name: 'Confirm', channelType: 'Sms', bodyTemplate: 'Reply C to confirm', replyOptions: [{ key: 'C', value: 'Confirm' }] },
      });
      expect(template.status).toBe(201);
      const sent = await first.api.post(`/v1/accounts/${user.accountId}/messages`, {
        token: user.accessToken,
        body: { to: person, templateId: template.body.templateId },
      });
      expect(sent.status).toBe(201);
      await waitFor(
        () => first.api.get(`/v1/accounts/${user.accountId}/messages/${sent.body.messageId}`, { token: user.accessToken }),
        (r) => r.body.status === 'delivered',
        { what: 'the message delivered', timeoutMs: SLOW_JOIN_MS },
      );
      const inbound = await first.api.post('/v1/sandbox/inbound', { token: user.accessToken, body: { channelType: 'Sms', from: person, to: number, body: 'C' } });
      expect(inbound.status).toBe(202);
      await waitFor(
        () => first.api.get(`/v1/accounts/${user.accountId}/messages/${sent.body.messageId}`, { token: user.accessToken }),
        (r) => r.body.replyStatus === 'Answered',
        { what: 'the answer before the restart', timeoutMs: SLOW_JOIN_MS },
      );
      // Then the person texts STOP: consent records it from MessageReceived.
      const stop = await first.api.post('/v1/sandbox/inbound', { token: user.accessToken, body: { channelType: 'Sms', from: person, to: number, body: 'STOP' } });
      expect(stop.status).toBe(202);
      await waitFor(
        () => countRows(first.platform, 'consent', 'outbox', { type: 'RecipientOptedOut', key: person }),
        (n) => n === 1,
        { what: 'the opt-out before the restart', timeoutMs: SLOW_JOIN_MS },
      );
      await first.stop();

      const second = await bootPlatform({ DATA_DIR: data.dir, ...HTTP_CARRIER });
      try {
        const login = await second.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
        const token = login.body.accessToken;
        // The carrier repeats its callback after the restart (same bytes, as carriers retry).
        const raw = JSON.stringify({
          eventId: inbound.body.eventId,
          carrierMessageId: inbound.body.carrierMessageId,
          channel: 'Sms',
          from: person,
          to: number,
          body: 'C',
          receivedAt: inbound.body.receivedAt,
        });
        const stopRaw = JSON.stringify({
          eventId: stop.body.eventId,
          carrierMessageId: stop.body.carrierMessageId,
          channel: 'Sms',
          from: person,
          to: number,
          body: 'STOP',
          receivedAt: stop.body.receivedAt,
        });
        for (const body of [raw, stopRaw]) {
          const signature = createHmac('sha256', 'sandbox-sim-secret').update(body).digest('hex');
          const repeat = await second.api.post('/v1/webhooks/carriers/sim/inbound', { rawBody: body, headers: { 'content-type': 'application/json', 'x-signature': signature } });
          expect(repeat.status).toBe(200);
        }
        const outbox = second.platform.adapters.databases.forSchema('replies')('outbox');
        await waitFor(
          () => outbox.clone().where({ type: 'MessageReceived', key: person }).whereNull('published_at').count<{ n: string }[]>({ n: '*' }),
          (rows) => Number(rows[0].n) === 0,
          { what: 'the outbox to be drained', timeoutMs: SLOW_JOIN_MS },
        );
        expect(await countRows(second.platform, 'replies', 'inbound_messages', { account_id: user.accountId })).toBe(2);
        expect(await countRows(second.platform, 'replies', 'outbox', { type: 'MessageReceived', key: person })).toBe(2);
        // Consent acted on the STOP once: one opt-out per phone channel, one event.
        await new Promise((r) => setTimeout(r, 500));
        expect(await countRows(second.platform, 'consent', 'outbox', { type: 'RecipientOptedOut', key: person })).toBe(1);
        expect(await countRows(second.platform, 'consent', 'opt_outs', { account_id: user.accountId, recipient: person })).toBe(2);
        const message = await second.api.get(`/v1/accounts/${user.accountId}/messages/${sent.body.messageId}`, { token });
        expect(message.body).toMatchObject({ replyStatus: 'Answered', replyOptionKey: 'C' });
        expect(message.body.auditTrail.filter((a: { event: string }) => a.event === 'answered')).toHaveLength(1);
        const replies = await second.api.get(`/v1/accounts/${user.accountId}/messages/${sent.body.messageId}/replies`, { token });
        expect(replies.body.map((r: { body: string }) => r.body)).toEqual(['C', 'STOP']);
      } finally {
        await second.stop();
      }
    } finally {
      data.remove();
    }
  }, 240_000);
});

describe('a restart between an event and its first webhook attempt', () => {
  it('delivers the event to the endpoint exactly once after the restart', async () => {
    const data = temporaryDataDir();
    const receiver = await WebhookReceiver.start();
    try {
      // First life: the event becomes a delivery, but no attempt is made before the process stops.
      const first = await bootPlatform({ DATA_DIR: data.dir, WEBHOOK_DELIVERY_ENABLED: 'false' });
      const user = await signUp(first.api, 'restart-webhook');
      const hook = await first.api.post('/v1/webhooks', {
        token: user.accessToken,
        body: { url: receiver.url('/restart'), subscribedEvents: 'MessageAccepted' },
      });
      expect(hook.status).toBe(201);
      const sent = await first.api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to: freshDestination(), body: 'hi' } });
      expect(sent.status).toBe(201);
      const pending = await waitFor(
        () => first.api.get(`/v1/webhooks/${hook.body.webhookId}/deliveries`, { token: user.accessToken }),
        (r) => r.body.items?.length === 1,
        { what: 'the delivery created from the event', timeoutMs: SLOW_JOIN_MS },
      );
      expect(pending.body.items[0]).toMatchObject({ eventType: 'MessageAccepted', status: 'Pending', attempts: [] });
      await first.stop();
      expect(receiver.at('/restart')).toHaveLength(0);

      // Second life on the same data: the pending delivery is made, once.
      const second = await bootPlatform({ DATA_DIR: data.dir });
      try {
        const [got] = await waitFor(async () => receiver.at('/restart'), (r) => r.length >= 1, { what: 'the delivery after the restart', timeoutMs: SLOW_JOIN_MS });
        expect(got.headers['x-webhook-id']).toBe(pending.body.items[0].deliveryLogId);
        expect(got.body).toMatchObject({ eventType: 'MessageAccepted', messageId: sent.body.messageId });
        expect(signatureValid(got, hook.body.signingSecret)).toBe(true);
        const login = await second.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
        const log = await waitFor(
          () => second.api.get(`/v1/webhooks/${hook.body.webhookId}/deliveries`, { token: login.body.accessToken }),
          (r) => r.body.items?.[0]?.status === 'Succeeded',
          { what: 'the delivery recorded as succeeded' },
        );
        expect(log.body.items).toHaveLength(1);
        expect(log.body.items[0].attempts).toHaveLength(1);
        // Nothing more comes: not a second delivery of the event, not a retry.
        await second.api.post('/v1/sandbox/clock/advance', { token: login.body.accessToken, body: { seconds: 600 } });
        expect(receiver.at('/restart')).toHaveLength(1);
      } finally {
        await second.stop();
      }
    } finally {
      await receiver.stop();
      data.remove();
    }
  }, 240_000);
});
