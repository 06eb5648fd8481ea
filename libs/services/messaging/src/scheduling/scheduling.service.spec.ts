import { randomUUID } from 'node:crypto';
import { DomainError } from '@mp/problems';
import { claimDueMessages } from '../dispatch/dispatch.repository';
import { openTestDatabase, staff, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';
import { refusal } from '../testing/refusal';

const MINUTE = 60_000;
/** Just over the 60 s minimum: the clock moves on between building the request and checking it. */
const SEND_LEAD = MINUTE + 1_000;
const trail = (message: { auditTrail: Array<{ event: string; fromStatus?: string; toStatus?: string }> }) =>
  message.auditTrail.map((a) => [a.event, a.fromStatus ?? null, a.toStatus ?? null]);

describe('scheduling, expiry, priority and account holds (embedded database, real carrier HTTP)', () => {
  let database: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    h = await startHarness(database);
  });
  afterEach(() => h.close());

  const at = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();
  /** Lets the background work a kick started finish. */
  const settle = async () => {
    await h.messaging.scheduled.idle();
    await h.messaging.dispatcher.idle();
  };
  const rows = async (table: string) => Number((await h.db(table).count({ n: '*' }))[0].n);
  const statusOf = async (id: string) => (await h.get(id)).status;

  describe('scheduled sends', () => {
    it('is accepted as scheduled with sendAt echoed, and waits for sendAt', async () => {
      const sendAt = at(2 * MINUTE);
      const message = await h.send({ sendAt });
      expect(message).toMatchObject({ status: 'scheduled', sendAt: new Date(sendAt).toISOString(), priority: 'Normal' });
      expect(trail(message)).toEqual([['accepted', null, 'scheduled']]);
      h.clock.advance(119);
      expect(await h.releaseDue()).toBe(0);
      await h.dispatch();
      expect(await statusOf(message.messageId)).toBe('scheduled');
      expect(h.carrier.requests).toEqual([]);
    });

    it('a normal message is released at sendAt and sent at the next pass of the sending queue', async () => {
      const message = await h.send({ sendAt: at(SEND_LEAD) });
      h.clock.advance(61);
      expect(await h.releaseDue()).toBe(1);
      await settle();
      expect(await statusOf(message.messageId)).toBe('queued');
      expect(h.carrier.requests).toEqual([]);
      await h.dispatch();
      const sent = await h.get(message.messageId);
      expect(sent.status).toBe('dispatched');
      expect(trail(sent)).toEqual([
        ['accepted', null, 'scheduled'],
        ['released', 'scheduled', 'queued'],
        ['dispatched', 'queued', 'dispatched'],
      ]);
    });

    it('an urgent message goes as soon as sendAt arrives, without waiting for the queue pass', async () => {
      const message = await h.send({ sendAt: at(SEND_LEAD), priority: 'Urgent' });
      h.clock.advance(61);
      await h.releaseDue();
      await settle();
      expect(await statusOf(message.messageId)).toBe('dispatched');
      expect(h.carrier.requests.map((r) => r.reference)).toEqual([`${message.messageId}:1`]);
    });

    it('runs every send check at acceptance: a refused scheduled send stores nothing', async () => {
      h.clients.standing = { accountStatus: 'suspended', subscriptionActive: true };
      expect((await refusal(h.send({ sendAt: at(SEND_LEAD) }))).code).toBe('ACCOUNT_INACTIVE');
      h.clients.standing = { accountStatus: 'active', subscriptionActive: false };
      expect((await refusal(h.send({ sendAt: at(SEND_LEAD) }))).code).toBe('NO_ACTIVE_SUBSCRIPTION');
      expect(await rows('messages')).toBe(0);
    });

    it('opt-out is evaluated at release, not at acceptance', async () => {
      const message = await h.send({ sendAt: at(SEND_LEAD), priority: 'Urgent' });
      h.clients.permission = { allowed: false, reason: 'recipient opted out' };
      h.clock.advance(61);
      await h.releaseDue();
      await settle();
      expect(await statusOf(message.messageId)).toBe('failed');
      expect(h.carrier.requests).toEqual([]);
    });
  });

  describe('cancel', () => {
    it('turns scheduled into canceled: never sent, never charged, no second cancel', async () => {
      const message = await h.send({ sendAt: at(SEND_LEAD), clientReference: 'appt-1' });
      const canceled = await h.cancel(message.messageId);
      expect(canceled).toMatchObject({ messageId: message.messageId, status: 'canceled', channelHistory: [] });
      expect(trail(canceled)).toEqual([
        ['accepted', null, 'scheduled'],
        ['canceled', 'scheduled', 'canceled'],
      ]);
      h.clock.advance(120);
      expect(await h.releaseDue()).toBe(0);
      await h.dispatch();
      expect(h.carrier.requests).toEqual([]);
      const again = await refusal(h.cancel(message.messageId));
      expect([again.code, again.status, again.detail]).toEqual([
        'MESSAGE_NOT_CANCELABLE',
        409,
        'The message is canceled; only a scheduled message can be canceled.',
      ]);
      expect(await rows('message_channel_attempts')).toBe(0);
    });

    it('any other status: 409 MESSAGE_NOT_CANCELABLE and the message unchanged', async () => {
      await h.hold(); // keeps it queued
      const queued = await h.send();
      const error = await refusal(h.cancel(queued.messageId));
      expect([error.code, error.detail]).toEqual(['MESSAGE_NOT_CANCELABLE', 'The message is queued; only a scheduled message can be canceled.']);
      expect(trail(await h.get(queued.messageId))).toEqual([['accepted', null, 'queued']]);
    });

    it("another account's or subaccount's message, or a malformed id: NOT_FOUND", async () => {
      const sub = randomUUID();
      const message = await h.send({ sendAt: at(SEND_LEAD), subaccountId: sub });
      const outsider = { ...h.principal, accountId: randomUUID() };
      expect((await refusal(h.messaging.handlers.cancelMessage({ accountId: outsider.accountId, messageId: message.messageId }, { method: 't', principal: outsider }))).code).toBe('NOT_FOUND');
      expect((await refusal(h.cancel(message.messageId, h.principal, randomUUID()))).code).toBe('NOT_FOUND');
      expect((await refusal(h.cancel(message.messageId, { ...h.principal, subaccountId: randomUUID() }))).code).toBe('NOT_FOUND');
      expect((await refusal(h.cancel('not-a-uuid'))).code).toBe('NOT_FOUND');
      expect(await statusOf(message.messageId)).toBe('scheduled');
      expect((await h.cancel(message.messageId, h.principal, sub)).status).toBe('canceled');
    });

    it('racing the release 50 times: exactly one wins, and the carrier gets the message iff it was not canceled', async () => {
      const outcomes = { canceled: 0, sent: 0 };
      for (let i = 0; i < 50; i += 1) {
        const destination = `+1415555${String(1000 + i)}`;
        const message = await h.send({ destination, sendAt: at(SEND_LEAD), priority: i % 2 ? 'Urgent' : 'Normal' });
        h.clock.advance(61);
        // Which call starts first, and how many turns of the event loop apart, varies so both sides win some.
        const head = i % 4;
        const turns = async (n: number) => {
          for (let turn = 0; turn < n; turn += 1) await new Promise((resolve) => setImmediate(resolve));
        };
        const cancelFirst = i % 2 === 1;
        const [cancel, release] = await Promise.allSettled([
          turns(cancelFirst ? 0 : head).then(() => h.cancel(message.messageId)),
          turns(cancelFirst ? head : 0).then(() => h.releaseDue()),
        ]);
        await settle();
        await h.dispatch();
        const final = await h.get(message.messageId);
        const delivered = h.carrier.requests.filter((r) => r.to === destination).length;
        if (cancel.status === 'fulfilled') {
          expect(cancel.value.status).toBe('canceled');
          expect(final.status).toBe('canceled');
          expect(delivered).toBe(0);
          expect(trail(final).map(([event]) => event)).toEqual(['accepted', 'canceled']);
          outcomes.canceled += 1;
        } else {
          expect((cancel.reason as DomainError).code).toBe('MESSAGE_NOT_CANCELABLE');
          expect((cancel.reason as DomainError).detail).toMatch(/^The message is (queued|dispatched);/);
          expect(final.status).toBe('dispatched');
          expect(delivered).toBe(1);
          expect(trail(final).map(([event]) => event)).toEqual(['accepted', 'released', 'dispatched']);
          outcomes.sent += 1;
        }
        expect(release.status).toBe('fulfilled');
      }
      expect(outcomes.canceled + outcomes.sent).toBe(50);
      expect(outcomes.canceled).toBeGreaterThan(0);
      expect(outcomes.sent).toBeGreaterThan(0);
    });

    it('a release working from a stale read misses a message canceled meanwhile, and writes nothing', async () => {
      const message = await h.send({ sendAt: at(SEND_LEAD) });
      const stale = await h.db('messages').where({ id: message.messageId }).first();
      await h.cancel(message.messageId);
      h.clock.advance(61);
      expect(await h.messaging.scheduled.release(stale, h.clock.now())).toBe('lost');
      const final = await h.get(message.messageId);
      expect(trail(final).map(([event]) => event)).toEqual(['accepted', 'canceled']);
      expect((await h.events(message.messageId)).map((e) => e.type)).toEqual(['MessageAccepted']);
    });
  });

  describe('expiry', () => {
    const expiredEvents = async (id: string) => (await h.events(id)).filter((e) => e.type === 'MessageExpired');

    it('before the first send (released from an account hold): expired, MessageExpired once, nothing sent', async () => {
      await h.hold();
      const message = await h.send({ expiresAt: at(MINUTE), clientReference: 'otp-7' });
      h.clock.advance(61);
      await h.dispatch();
      expect(await statusOf(message.messageId)).toBe('queued');
      await h.releaseHold();
      await settle();
      await h.dispatch();
      const expired = await h.get(message.messageId);
      expect(expired.status).toBe('expired');
      expect(expired.channelHistory).toEqual([]);
      expect(trail(expired).at(-1)).toEqual(['expired', 'queued', 'expired']);
      expect(h.carrier.requests).toEqual([]);
      const events = await expiredEvents(message.messageId);
      expect(events).toHaveLength(1);
      expect(events[0].payload).toMatchObject({
        messageId: message.messageId,
        clientReference: 'otp-7',
        previousState: 'queued',
        state: 'expired',
        reason: expect.stringMatching(/passed before the first send$/),
      });
    });

    it('at the release of a scheduled message', async () => {
      const message = await h.send({ sendAt: at(SEND_LEAD), expiresAt: at(2 * MINUTE) });
      await h.hold();
      h.clock.advance(61);
      expect(await h.releaseDue()).toBe(0); // held: stays scheduled
      expect(await statusOf(message.messageId)).toBe('scheduled');
      h.clock.advance(61);
      await h.releaseHold();
      await settle();
      const expired = await h.get(message.messageId);
      expect(expired.status).toBe('expired');
      expect(trail(expired)).toEqual([
        ['accepted', null, 'scheduled'],
        ['expired', 'scheduled', 'expired'],
      ]);
      const events = await expiredEvents(message.messageId);
      expect(events.map((e) => [e.payload.previousState, e.payload.state])).toEqual([['scheduled', 'expired']]);
      expect(h.carrier.requests).toEqual([]);
    });

    it('before a retry: the carrier got one try, then the message expired', async () => {
      h.carrier.answer({ status: 503 });
      const message = await h.send({ expiresAt: at(MINUTE) });
      await settle();
      expect(await statusOf(message.messageId)).toBe('queued');
      h.clock.advance(61);
      await Promise.all([h.dispatch(), h.dispatch()]);
      await settle();
      expect(await statusOf(message.messageId)).toBe('expired');
      expect(h.carrier.requests).toHaveLength(1);
      const events = await expiredEvents(message.messageId);
      expect(events).toHaveLength(1);
      expect(events[0].payload.reason).toMatch(/passed before the retry$/);
    });

    it('a message already with the carrier is not recalled', async () => {
      const message = await h.send({ expiresAt: at(MINUTE) });
      await settle();
      h.clock.advance(120);
      await h.dispatch();
      await h.releaseDue();
      expect(await statusOf(message.messageId)).toBe('dispatched');
      expect(await expiredEvents(message.messageId)).toEqual([]);
    });
  });

  describe('priority', () => {
    it('waiting work: urgent first, then the longest waiting (a retry keeps its place)', async () => {
      await h.close();
      h = await startHarness(database, { DISPATCH_ENABLED: false });
      const oldNormal = await h.send();
      h.clock.advance(1);
      const newNormal = await h.send();
      h.clock.advance(1);
      const urgent = await h.send({ priority: 'Urgent' });
      // The oldest one failed a try a moment ago and is due again later than the others were.
      await h.db('messages').where({ id: oldNormal.messageId }).update({ attempts: 1, next_attempt_at: h.clock.now() });
      const now = h.clock.now();
      const claimed = await claimDueMessages(h.db, { now, leaseUntil: new Date(now.getTime() + 1000), token: randomUUID(), limit: 50 });
      expect(claimed.map((m) => m.id)).toEqual([urgent.messageId, oldNormal.messageId, newNormal.messageId]);
    });

    it('rejects a priority other than Normal or Urgent, naming the field', async () => {
      const error = await refusal(h.send({ priority: 'High' }));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.extensions.errors).toEqual({ priority: ['priority must be one of Normal, Urgent'] });
    });
  });

  describe('account hold', () => {
    it('held messages wait in their status; on release urgent ones reach the carrier first', async () => {
      const held = await h.hold('ticket 42');
      expect(held).toMatchObject({ accountId: h.accountId, held: true, reason: 'ticket 42', operator: 'staff@test', waitingMessages: 0 });
      const normal1 = await h.send({ destination: '+14155550001' });
      const normal2 = await h.send({ destination: '+14155550002' });
      const scheduledUrgent = await h.send({ destination: '+14155550003', sendAt: at(SEND_LEAD), priority: 'Urgent' });
      const urgent = await h.send({ destination: '+14155550004', priority: 'Urgent' });
      h.clock.advance(90);
      await h.releaseDue();
      await h.dispatch();
      await settle();
      expect(await Promise.all([normal1, normal2, scheduledUrgent, urgent].map((m) => statusOf(m.messageId)))).toEqual([
        'queued',
        'queued',
        'scheduled',
        'queued',
      ]);
      expect(h.carrier.requests).toEqual([]);
      const state = await h.messaging.handlers.getAccountSendingHold({ accountId: h.accountId }, { method: 't', principal: staff(h.accountId) });
      expect(state).toMatchObject({ held: true, waitingMessages: 4 });

      const released = await h.releaseHold();
      expect(released).toMatchObject({ held: false });
      await settle();
      const order = h.carrier.requests.map((r) => r.to);
      expect(order).toHaveLength(4);
      expect(order.slice(0, 2).sort()).toEqual(['+14155550003', '+14155550004']);
      expect(order.slice(2)).toEqual(['+14155550001', '+14155550002']);
    });

    it('holding twice keeps the first hold time; releasing an unheld account is a no-op', async () => {
      const first = await h.hold('one');
      h.clock.advance(10);
      const second = await h.hold('two');
      expect(second).toMatchObject({ heldAt: first.heldAt, reason: 'two' });
      expect((await h.releaseHold()).held).toBe(false);
      expect((await h.releaseHold()).held).toBe(false);
    });

    it('only a system principal may hold, and the account id must be a UUID', async () => {
      const byCustomer = await refusal(h.messaging.handlers.holdAccountSending({ accountId: h.accountId }, { method: 't', principal: h.principal }));
      expect([byCustomer.code, byCustomer.status]).toEqual(['FORBIDDEN', 403]);
      const bad = await refusal(h.messaging.handlers.holdAccountSending({ accountId: 'acc-1' }, { method: 't', principal: staff('acc-1') }));
      expect(bad.code).toBe('VALIDATION_FAILED');
      expect(bad.extensions.errors).toEqual({ accountId: ['accountId must be a UUID'] });
      expect(await rows('account_sending_holds')).toBe(0);
    });
  });
});
