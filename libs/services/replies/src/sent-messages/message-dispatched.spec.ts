import { randomUUID } from 'node:crypto';
import { startRepliesHarness, type RepliesHarness } from '../testing/replies-harness';
import { lifecycleEnvelope } from '../testing/replies-events.factory';

let h: RepliesHarness;
beforeAll(async () => {
  h = await startRepliesHarness();
});
afterAll(() => h.close());

const account = randomUUID();
const sub = randomUUID();
const at = '2026-10-15T09:00:00.000Z';
const rows = (table: string, messageId: string) => h.db(table).where({ message_id: messageId });

describe("replies' record of sent messages (from messaging's MessageDispatched)", () => {
  it('records the message and the dispatch with every field', async () => {
    const messageId = randomUUID();
    await h.messagingEvent(
      lifecycleEnvelope({
        messageId,
        accountId: account,
        subaccountId: sub,
        clientReference: 'appt-7',
        destination: '+14155550111',
        expiresAt: '2026-10-16T09:00:00Z',
        replyOptions: [{ key: 'C', value: 'Confirm', aliases: ['OK'] }],
        occurredAt: at,
        attempt: 2,
        channelType: 'WhatsApp',
        fromAddress: '+15550009999',
        carrierMessageId: 'wamid.1',
      }),
    );
    const [message] = await rows('sent_messages', messageId);
    expect(message).toMatchObject({
      account_id: account,
      subaccount_id: sub,
      destination: '+14155550111',
      client_reference: 'appt-7',
      reply_options: [{ key: 'C', value: 'Confirm', aliases: ['OK'] }],
    });
    expect(new Date(message.expires_at).toISOString()).toBe('2026-10-16T09:00:00.000Z');
    const dispatches = await rows('message_dispatches', messageId);
    expect(dispatches).toHaveLength(1);
    expect(dispatches[0]).toMatchObject({ attempt: 2, channel_type: 'WhatsApp', from_address: '+15550009999', carrier_message_id: 'wamid.1' });
    expect(new Date(dispatches[0].dispatched_at).toISOString()).toBe(at);
  });

  it('records a batch with one insert per table, each event as if alone (a repeat and an incomplete one included)', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const inserts: string[] = [];
    const watch = (q: { sql: string }) => void (/^insert into "(sent_messages|message_dispatches)"/.test(q.sql) && inserts.push(q.sql));
    h.db.on('query', watch);
    const dispatchOf = (messageId: string) => lifecycleEnvelope({ messageId, accountId: account, occurredAt: at, destination: '+14155550122' });
    await h.messagingEvents([
      dispatchOf(first),
      dispatchOf(second),
      dispatchOf(first), // the same dispatch again
      lifecycleEnvelope({ messageId: randomUUID(), accountId: account, occurredAt: at, fromAddress: '' }), // nothing to link on
      lifecycleEnvelope({ messageId: randomUUID(), accountId: account, occurredAt: at }, 'MessageAccepted'),
    ]);
    h.db.off('query', watch);
    expect(inserts).toHaveLength(2);
    for (const messageId of [first, second]) {
      expect(await rows('sent_messages', messageId)).toHaveLength(1);
      expect(await rows('message_dispatches', messageId)).toHaveLength(1);
    }
  });

  it('is idempotent: the same dispatch again (a new event id too) changes nothing; a second attempt adds a dispatch', async () => {
    const messageId = randomUUID();
    const event = lifecycleEnvelope({ messageId, accountId: account, occurredAt: at, carrierMessageId: 'sim-1' });
    await h.messagingEvent(event);
    await h.messagingEvent(event);
    await h.messagingEvent({ ...event, id: randomUUID() });
    expect(await rows('sent_messages', messageId)).toHaveLength(1);
    expect(await rows('message_dispatches', messageId)).toHaveLength(1);
    await h.messagingEvent(lifecycleEnvelope({ messageId, accountId: account, occurredAt: '2026-10-15T09:05:00Z', attempt: 2, carrierMessageId: 'sim-2' }));
    expect((await rows('message_dispatches', messageId).orderBy('attempt')).map((d) => d.carrier_message_id)).toEqual(['sim-1', 'sim-2']);
    expect(await rows('sent_messages', messageId)).toHaveLength(1);
  });

  it.each(['MessageAccepted', 'MessageRejected', 'MessageFailed', 'MessageDelivered', 'MessageExpired', 'MessageDeadLettered'])(
    'ignores %s: only a dispatch means the message reached its carrier',
    async (type) => {
      const messageId = randomUUID();
      await h.messagingEvent(lifecycleEnvelope({ messageId, accountId: account, occurredAt: at, fromAddress: '+15550009999' }, type));
      expect(await rows('sent_messages', messageId)).toHaveLength(0);
      expect(await rows('message_dispatches', messageId)).toHaveLength(0);
    },
  );

  it('skips, with a warning, a dispatch that names no recipient or sender (it could never be linked)', async () => {
    const messageId = randomUUID();
    await h.messagingEvent(lifecycleEnvelope({ messageId, accountId: account, occurredAt: at, destination: '' }));
    await h.messagingEvent(lifecycleEnvelope({ messageId, accountId: account, occurredAt: at, fromAddress: undefined }));
    expect(await rows('sent_messages', messageId)).toHaveLength(0);
    expect(h.logger.warnings).toContain('MessageDispatched without what a reply links on');
  });
});
