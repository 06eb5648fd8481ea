import { randomUUID } from 'node:crypto';
import { repliesEvents, TOPICS } from '@mp/contracts';
import type { EventEnvelope } from '@mp/events';
import { DomainError } from '@mp/problems';
import { startRepliesHarness, type RepliesHarness } from '../testing/replies-harness';
import { inboundEnvelope, lifecycleEnvelope } from '../testing/replies-events.factory';

const HOUR = 3600_000;
const A = randomUUID();
const B = randomUUID();
const subNumber = randomUUID();
const subMessage = randomUUID();
const NUMBER = '+15550009999';
const SUB_NUMBER = '+15550008888';
const B_NUMBER = '+15550007777';
const SENDER_EMAIL = 'notify@acme.example';
const receivedAt = new Date('2026-10-18T12:00:00.000Z');
const hoursBefore = (hours: number) => new Date(receivedAt.getTime() - hours * HOUR).toISOString();
const OPTIONS = [
  { key: 'C', value: 'Confirm', aliases: ['OK'] },
  { key: 'R', value: 'Reschedule', aliases: [] },
];

let h: RepliesHarness;
beforeAll(async () => {
  h = await startRepliesHarness();
  h.clients.addNumber(NUMBER, 'Sms', { accountId: A });
  h.clients.addNumber(NUMBER, 'WhatsApp', { accountId: A });
  h.clients.addNumber(SUB_NUMBER, 'Sms', { accountId: A, subaccountId: subNumber });
  h.clients.addNumber(B_NUMBER, 'Sms', { accountId: B });
  h.clients.addNumber(SENDER_EMAIL, 'Email', { accountId: A });
});
afterAll(() => h.close());

/** A person of their own per test, so earlier tests' messages never interfere. */
const newPerson = () => `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

interface Sent {
  messageId: string;
  carrierMessageId: string;
}
/** A message the account sent and messaging dispatched `hoursAgo` before the reply. */
async function dispatched(to: string, hoursAgo: number, extra: Parameters<typeof lifecycleEnvelope>[0] extends infer T ? Partial<T> : never = {}): Promise<Sent> {
  const messageId = randomUUID();
  const carrierMessageId = `sim-${randomUUID()}`;
  await h.messagingEvent(
    lifecycleEnvelope({ accountId: A, destination: to, fromAddress: NUMBER, carrierMessageId, ...extra, messageId, occurredAt: hoursBefore(hoursAgo) }),
  );
  return { messageId, carrierMessageId };
}

/** The person replies; returns the stored reply (or undefined) and the events this reply enqueued. */
async function replies(from: string, overrides: Parameters<typeof inboundEnvelope>[0] extends infer T ? Partial<T> : never = {}) {
  const event = inboundEnvelope({ from, receivedAt: receivedAt.toISOString(), ...overrides });
  const before = (await h.outbox()).length;
  await h.inbound(event);
  const carrierMessageId = (event.payload as { carrierMessageId: string }).carrierMessageId;
  return { event, row: await h.reply(carrierMessageId), events: (await h.outbox()).slice(before) };
}

const inReplyTo = async (from: string, overrides: Parameters<typeof replies>[1] = {}) => (await replies(from, overrides)).row?.in_reply_to_message_id ?? null;

describe('storing a reply (carrier.inbound)', () => {
  describe('linking (spec 4.3)', () => {
    it('links a reply to a message sent 71 hours before, not 73', async () => {
      const p71 = newPerson();
      const m71 = await dispatched(p71, 71);
      expect(await inReplyTo(p71)).toBe(m71.messageId);
      const p73 = newPerson();
      await dispatched(p73, 73);
      expect(await inReplyTo(p73)).toBeNull();
    });

    it('links to the newest message the account sent that person from that number', async () => {
      const p = newPerson();
      await dispatched(p, 30);
      const newest = await dispatched(p, 2);
      await dispatched(p, 1, { fromAddress: SUB_NUMBER });
      expect(await inReplyTo(p)).toBe(newest.messageId);
    });

    it('does not link a message from another number, to another person, or of another account', async () => {
      const p = newPerson();
      await dispatched(p, 1, { fromAddress: SUB_NUMBER });
      await dispatched(newPerson(), 1);
      await dispatched(p, 1, { accountId: B });
      expect(await inReplyTo(p)).toBeNull();
    });

    it("does not link to another account's message even from a number it now holds", async () => {
      const p = newPerson();
      await dispatched(p, 1, { accountId: A, fromAddress: B_NUMBER });
      expect(await inReplyTo(p, { to: B_NUMBER })).toBeNull();
    });

    it('does not link a message the carrier refused or that was never sent (no MessageDispatched)', async () => {
      const p = newPerson();
      for (const type of ['MessageAccepted', 'MessageRejected', 'MessageFailed', 'MessageExpired', 'MessageDeadLettered']) {
        await h.messagingEvent(lifecycleEnvelope({ messageId: randomUUID(), accountId: A, destination: p, occurredAt: hoursBefore(1), fromAddress: NUMBER }, type));
      }
      expect(await inReplyTo(p)).toBeNull();
    });

    it('prefers a message with options over a later one without', async () => {
      const p = newPerson();
      const offered = await dispatched(p, 20, { replyOptions: OPTIONS });
      await dispatched(p, 1);
      expect(await inReplyTo(p)).toBe(offered.messageId);
    });

    it('links a quoting WhatsApp reply to exactly the quoted message', async () => {
      const p = newPerson();
      const quoted = await dispatched(p, 10, { channelType: 'WhatsApp' });
      await dispatched(p, 1, { channelType: 'WhatsApp', replyOptions: OPTIONS });
      expect(await inReplyTo(p, { channelType: 'WhatsApp', carrier: 'sim-whatsapp', contextCarrierMessageId: quoted.carrierMessageId })).toBe(
        quoted.messageId,
      );
      expect(await inReplyTo(p, { channelType: 'WhatsApp', carrier: 'sim-whatsapp', contextCarrierMessageId: 'wamid.unknown' })).toBeNull();
    });

    it('compares email addresses without case', async () => {
      const mail = await dispatched('Pat.Doe@Example.com', 3, { channelType: 'Email', fromAddress: SENDER_EMAIL });
      expect(await inReplyTo('pat.doe@example.COM', { channelType: 'Email', carrier: 'sim-email', to: SENDER_EMAIL })).toBe(mail.messageId);
    });

    it("takes the linked message's subaccount, else the number's", async () => {
      const p = newPerson();
      await dispatched(p, 1, { subaccountId: subMessage, fromAddress: SUB_NUMBER });
      expect((await replies(p, { to: SUB_NUMBER })).row).toMatchObject({ subaccount_id: subMessage });
      expect((await replies(newPerson(), { to: SUB_NUMBER })).row).toMatchObject({ subaccount_id: subNumber, in_reply_to_message_id: null });
      expect((await replies(newPerson())).row).toMatchObject({ account_id: A, subaccount_id: null });
    });
  });

  describe('options and keywords (spec 3.2)', () => {
    it.each([
      ['c', 'C', 'Confirm'],
      ['  ok!  ', 'C', 'Confirm'],
      ['R.', 'R', 'Reschedule'],
    ])('%p answers with option %s', async (body, key, value) => {
      const p = newPerson();
      await dispatched(p, 1, { replyOptions: OPTIONS, expiresAt: hoursBefore(-1) });
      const { row, events } = await replies(p, { body });
      expect(row).toMatchObject({ reply_option_key: key, reply_option_value: value, keyword: null, after_expiry: false });
      expect(events[0].payload).toMatchObject({ reply: { matched: true, key, value } });
    });

    it.each(['C please', 'C R', 'maybe'])('%p is stored and delivered, but answers nothing', async (body) => {
      const p = newPerson();
      const sent = await dispatched(p, 1, { replyOptions: OPTIONS });
      const { row, events } = await replies(p, { body });
      expect(row).toMatchObject({ in_reply_to_message_id: sent.messageId, reply_option_key: null, reply_option_value: null, body });
      expect(events[0].payload).toMatchObject({ reply: { matched: false } });
    });

    it('STOP to a message with options is a keyword, never an answer', async () => {
      const p = newPerson();
      await dispatched(p, 1, { replyOptions: [{ key: 'S', value: 'Stop the visit', aliases: [] }] });
      const { row, events } = await replies(p, { body: 'Stop' });
      expect(row).toMatchObject({ keyword: 'Stop', reply_option_key: null });
      expect(events[0].payload).toMatchObject({ keyword: 'Stop', reply: { matched: false } });
    });

    it.each([
      ['STOP', 'Stop'],
      ['revoke', 'Stop'],
      ['Start', 'Start'],
      ['yes.', 'Start'],
      ['HELP', 'Help'],
      ['Thanks', null],
    ])('%p is stored with keyword %s', async (body, keyword) => {
      expect((await replies(newPerson(), { body })).row).toMatchObject({ keyword });
    });

    it('a reply at or after expiresAt is afterExpiry and answers nothing', async () => {
      const p = newPerson();
      await dispatched(p, 5, { replyOptions: OPTIONS, expiresAt: receivedAt.toISOString() });
      const { row, events } = await replies(p, { body: 'C' });
      expect(row).toMatchObject({ after_expiry: true, reply_option_key: null });
      expect(events[0].payload).toMatchObject({ afterExpiry: true, reply: { matched: false } });
    });
  });

  describe('MessageReceived (spec 6.2)', () => {
    it('carries every field of the reply, keyed by the sender, on the replies topic', async () => {
      const p = newPerson();
      const sent = await dispatched(p, 1, { replyOptions: OPTIONS, clientReference: 'appt-7', subaccountId: subMessage });
      const { row, events } = await replies(p, { body: 'OK' });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ topic: TOPICS.replies, type: 'MessageReceived', version: 1, key: p });
      expect(events[0].payload).toEqual({
        inboundMessageId: row!.inbound_message_id,
        accountId: A,
        subaccountId: subMessage,
        channelType: 'Sms',
        from: p,
        to: NUMBER,
        body: 'OK',
        receivedAt: receivedAt.toISOString(),
        keyword: null,
        inReplyTo: { messageId: sent.messageId, clientReference: 'appt-7' },
        reply: { matched: true, key: 'C', value: 'Confirm' },
        afterExpiry: false,
      });
      // What consumers read back with the generated type.
      expect(repliesEvents.MessageReceived.fromJSON(events[0].payload)).toEqual({
        inboundMessageId: row!.inbound_message_id,
        accountId: A,
        subaccountId: subMessage,
        channelType: 'Sms',
        from: p,
        to: NUMBER,
        body: 'OK',
        receivedAt: receivedAt.toISOString(),
        keyword: undefined,
        inReplyTo: { messageId: sent.messageId, clientReference: 'appt-7' },
        reply: { matched: true, key: 'C', value: 'Confirm' },
        afterExpiry: false,
      });
    });

    it('of an unlinked keyword reply: keyword set, inReplyTo and reply null', async () => {
      const p = newPerson();
      const { row, events } = await replies(p, { body: 'stop' });
      expect(events.map((e) => e.payload)).toEqual([
        {
          inboundMessageId: row!.inbound_message_id,
          accountId: A,
          channelType: 'Sms',
          from: p,
          to: NUMBER,
          body: 'stop',
          receivedAt: receivedAt.toISOString(),
          keyword: 'Stop',
          subaccountId: null,
          inReplyTo: null,
          reply: null,
          afterExpiry: false,
        },
      ]);
    });

    it('of a linked reply to a message without options has no reply', async () => {
      const p = newPerson();
      const sent = await dispatched(p, 1);
      const { events } = await replies(p, { body: 'C' });
      expect(events[0].payload).toMatchObject({ inReplyTo: { messageId: sent.messageId, clientReference: null }, reply: null });
    });
  });

  describe('once per reply', () => {
    it('a repeated callback (same event, or a new event for the same carrier message) changes nothing and enqueues one event', async () => {
      const p = newPerson();
      await dispatched(p, 1, { replyOptions: OPTIONS });
      const first = await replies(p, { body: 'C' });
      const again: EventEnvelope = { ...first.event, id: randomUUID() };
      const before = await h.outbox();
      await h.inbound(first.event);
      await h.inbound(again);
      const stored = await h.db('inbound_messages').where({ carrier: 'sim-sms', carrier_message_id: first.row!.carrier_message_id });
      expect(stored).toEqual([first.row]);
      expect(await h.outbox()).toEqual(before);
      expect(first.events).toHaveLength(1);
    });

    it('the same carrier message id from another carrier is another reply', async () => {
      const p = newPerson();
      const first = await replies(p, { carrierMessageId: 'shared-id-1', carrier: 'sim-sms' });
      const second = await replies(p, { carrierMessageId: 'shared-id-1', carrier: 'sim-whatsapp', channelType: 'WhatsApp' });
      expect(first.events).toHaveLength(1);
      expect(second.events).toHaveLength(1);
      expect(await h.db('inbound_messages').where({ carrier_message_id: 'shared-id-1' })).toHaveLength(2);
    });
  });

  describe('the number that received it', () => {
    it('asks routing as the service itself, for the channel', async () => {
      const p = newPerson();
      h.clients.calls.length = 0;
      await replies(p, { channelType: 'WhatsApp', carrier: 'sim-whatsapp' });
      expect(h.clients.calls).toEqual([{ method: 'routing.resolveNumber', request: { address: NUMBER, channelType: 'WhatsApp' }, options: { asService: true } }]);
    });

    it('skips, with a warning, a reply to a number no account holds: nothing stored, no event', async () => {
      const warningsBefore = h.logger.warnings.length;
      const { row, events } = await replies(newPerson(), { to: '+15550000000' });
      expect(row).toBeUndefined();
      expect(events).toEqual([]);
      expect(h.logger.warnings.slice(warningsBefore)).toEqual(['carrier inbound message skipped: no account has the number it came to']);
    });

    it('skips a number that serves another channel only', async () => {
      const { row, events } = await replies(newPerson(), { to: SUB_NUMBER, channelType: 'WhatsApp' });
      expect(row).toBeUndefined();
      expect(events).toEqual([]);
    });

    it('fails (so the host retries) while routing cannot answer, storing nothing', async () => {
      h.clients.routingFailure = new DomainError('INTERNAL_ERROR', 'routing unavailable');
      try {
        const event = inboundEnvelope({ from: newPerson(), receivedAt: receivedAt.toISOString() });
        await expect(h.inbound(event)).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
        expect(await h.reply((event.payload as { carrierMessageId: string }).carrierMessageId)).toBeUndefined();
      } finally {
        h.clients.routingFailure = undefined;
      }
    });

    it('ignores other event types on the topic without asking routing', async () => {
      h.clients.calls.length = 0;
      await h.inbound({ ...inboundEnvelope({ receivedAt: receivedAt.toISOString() }), type: 'CarrierInboundRetracted' });
      expect(h.clients.calls).toEqual([]);
    });
  });
});
