import { randomUUID } from 'node:crypto';
import { repliesEvents } from '@mp/contracts';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';
import { REPLY_ANSWER_CONSUMER_GROUP } from './reply-answer.consumer';

const HOUR = 3600;

describe('reply status: answers and the reply window (embedded database)', () => {
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

  const inHours = (hours: number) => new Date(h.clock.now().getTime() + hours * HOUR * 1000).toISOString();

  /** A dispatched message offering C (Confirm, alias OK) and R (Reschedule), its window closing in an hour unless told. */
  async function awaiting(expiresAt: string | null = inHours(1)) {
    const created = await h.createTemplate({
      fields: { name: 'Reminder', channelType: 'Sms', bodyTemplate: 'Reply C to confirm, R to reschedule' },
      replyOptions: {
        items: [
          { key: 'C', value: 'Confirm', aliases: ['OK'] },
          { key: 'R', value: 'Reschedule', aliases: [] },
        ],
      },
    });
    const message = await h.send({ body: undefined, templateId: created.template?.templateId, expiresAt: expiresAt ?? undefined });
    await h.dispatch();
    return message.messageId;
  }

  /** MessageReceived as the replies service publishes it (proto JSON). */
  const received = (messageId: string | undefined, overrides: Partial<repliesEvents.MessageReceived> = {}) =>
    repliesEvents.MessageReceived.toJSON({
      inboundMessageId: randomUUID(),
      accountId: h.accountId,
      channelType: 'Sms',
      from: '+14155550123',
      to: '+15550000001',
      body: 'c',
      receivedAt: h.clock.now().toISOString(),
      inReplyTo: messageId ? { messageId } : undefined,
      reply: { matched: true, key: 'C', value: 'Confirm' },
      afterExpiry: false,
      ...overrides,
    }) as Record<string, unknown>;

  const answerOf = async (messageId: string) => {
    const m = await h.get(messageId);
    return { replyStatus: m.replyStatus, key: m.replyOptionKey ?? null, value: m.replyOptionValue ?? null, answeredAt: m.answeredAt ?? null };
  };
  const auditEvents = async (messageId: string) => (await h.get(messageId)).auditTrail.filter((a) => a.event !== 'accepted' && a.event !== 'dispatched');

  it('is wired: the consumer on the replies topic and the job among the due work', () => {
    expect(h.messaging.parts.consumers?.find((c) => c.group === REPLY_ANSWER_CONSUMER_GROUP)?.topics).toEqual(['replies.events']);
    expect(h.messaging.parts.jobs?.map((j) => j.name)).toContain('messaging.reply-window-expiry');
  });

  it('a matching reply answers the message: key, value, answeredAt = receivedAt, and an audit entry', async () => {
    const messageId = await awaiting();
    h.clock.advance(60);
    const at = inHours(0);
    const reply = received(messageId, { receivedAt: at });
    await h.reply(reply);
    expect(await answerOf(messageId)).toEqual({ replyStatus: 'Answered', key: 'C', value: 'Confirm', answeredAt: at });
    const [entry] = await auditEvents(messageId);
    expect(entry).toMatchObject({ event: 'answered' });
    expect(entry.detail).toBe(`option C (Confirm) chosen by reply ${String(reply.inboundMessageId)} received ${at}`);
  });

  it('a later matching reply replaces the answer; an older one arriving late does not; a repeat changes nothing', async () => {
    const messageId = await awaiting();
    const first = received(messageId, { receivedAt: inHours(0.1) });
    await h.reply(first);
    const later = inHours(0.2);
    await h.reply(received(messageId, { receivedAt: later, body: 'R', reply: { matched: true, key: 'R', value: 'Reschedule' } }));
    expect(await answerOf(messageId)).toEqual({ replyStatus: 'Answered', key: 'R', value: 'Reschedule', answeredAt: later });
    const entries = await auditEvents(messageId);
    expect(entries.map((e) => e.event)).toEqual(['answered', 'answered']);
    expect(entries[1].detail).toContain('option R (Reschedule)');
    expect(entries[1].detail).toContain('replaces the earlier answer C');

    // Received before the current answer (delivered out of order): ignored.
    await h.reply(received(messageId, { receivedAt: inHours(0.15) }));
    // The same reply again (a redelivery the host did not catch): ignored.
    await h.reply(received(messageId, { receivedAt: later, body: 'R', reply: { matched: true, key: 'R', value: 'Reschedule' } }));
    expect(await answerOf(messageId)).toEqual({ replyStatus: 'Answered', key: 'R', value: 'Reschedule', answeredAt: later });
    expect(await auditEvents(messageId)).toHaveLength(2);
  });

  it.each([
    ['a reply after the deadline (afterExpiry)', { afterExpiry: true }],
    ['a reply that matched no option', { reply: { matched: false } }],
    ['a reply to a message without options (reply null)', { reply: undefined }],
    ['a reply naming an option the message does not offer', { reply: { matched: true, key: 'Z', value: 'Zed' } }],
    ['a reply from another account', { accountId: randomUUID() }],
    ['a reply with an unreadable receivedAt', { receivedAt: 'yesterday' }],
  ])('%s changes nothing', async (_name, overrides) => {
    const messageId = await awaiting();
    await h.reply(received(messageId, overrides));
    expect(await answerOf(messageId)).toEqual({ replyStatus: 'Awaiting', key: null, value: null, answeredAt: null });
    expect(await auditEvents(messageId)).toEqual([]);
  });

  it('a reply linked to nothing, or to a message id that does not exist, changes nothing', async () => {
    const messageId = await awaiting();
    await h.reply(received(undefined));
    await h.reply(received(randomUUID()));
    await h.reply(received('not-a-uuid'));
    expect((await answerOf(messageId)).replyStatus).toBe('Awaiting');
  });

  it('a message sent without options is never answered', async () => {
    const plain = await h.send();
    await h.reply(received(plain.messageId));
    expect(await answerOf(plain.messageId)).toEqual({ replyStatus: 'None', key: null, value: null, answeredAt: null });
  });

  it('an alias named as the key still answers with its option', async () => {
    const messageId = await awaiting();
    await h.reply(received(messageId, { reply: { matched: true, key: 'ok', value: 'Confirm' } }));
    expect((await answerOf(messageId)).key).toBe('C');
  });

  describe('the reply window', () => {
    it('Awaiting -> Expired once expiresAt passes, with an audit entry; not before', async () => {
      const messageId = await awaiting();
      const expiresAt = (await h.get(messageId)).expiresAt as string;
      h.clock.advance(HOUR - 5);
      expect(await h.expireReplyWindows()).toBe(0);
      expect((await answerOf(messageId)).replyStatus).toBe('Awaiting');
      h.clock.advance(5);
      expect(await h.expireReplyWindows()).toBe(1);
      expect(await answerOf(messageId)).toEqual({ replyStatus: 'Expired', key: null, value: null, answeredAt: null });
      const entries = await auditEvents(messageId);
      expect(entries).toEqual([
        expect.objectContaining({ event: 'reply_window_expired', detail: `reply window closed: expiresAt ${expiresAt} passed without an answer` }),
      ]);
      // Done once.
      expect(await h.expireReplyWindows()).toBe(0);
      expect(await auditEvents(messageId)).toHaveLength(1);
      expect((await h.get(messageId)).status).toBe('dispatched');
    });

    it('answered, option-less and deadline-less messages are left alone', async () => {
      const answered = await awaiting();
      await h.reply(received(answered));
      const plain = (await h.send({ expiresAt: inHours(1) })).messageId;
      const open = await awaiting(null);
      h.clock.advance(2 * HOUR);
      expect(await h.expireReplyWindows()).toBe(0);
      expect((await answerOf(answered)).replyStatus).toBe('Answered');
      expect((await answerOf(plain)).replyStatus).toBe('None');
      expect((await answerOf(open)).replyStatus).toBe('Awaiting');
    });

    it('a reply received before the deadline answers even after the job marked the message Expired; one after it does not', async () => {
      const messageId = await awaiting();
      const beforeDeadline = inHours(0.5);
      h.clock.advance(HOUR + 1);
      await h.expireReplyWindows();
      await h.reply(received(messageId, { receivedAt: inHours(0), afterExpiry: true }));
      expect((await answerOf(messageId)).replyStatus).toBe('Expired');
      await h.reply(received(messageId, { receivedAt: beforeDeadline }));
      expect(await answerOf(messageId)).toEqual({ replyStatus: 'Answered', key: 'C', value: 'Confirm', answeredAt: beforeDeadline });
      expect((await auditEvents(messageId)).map((e) => e.event)).toEqual(['reply_window_expired', 'answered']);
      expect((await auditEvents(messageId))[1].detail).toContain('received before expiresAt');
    });

    it('every message due is expired in one run of the job', async () => {
      const ids = [await awaiting(), await awaiting(), await awaiting()];
      h.clock.advance(2 * HOUR);
      expect(await h.messaging.parts.jobs?.find((j) => j.name === 'messaging.reply-window-expiry')?.runDue()).toBe(3);
      for (const id of ids) expect((await answerOf(id)).replyStatus).toBe('Expired');
    });
  });
});
