import { randomUUID } from 'node:crypto';
import { carrierRefusal, messageReceived, principalsOf, startConsentHarness, type ConsentHarness } from '../testing/consent-harness';

// Issue 29 point 3: Twilio's 21610 (the person texted STOP to that sender at Twilio) refuses a send; messaging's
// MessageRejected carries the documented reason and the number it went from, and consent records it as that
// person's STOP to that number, on that channel, in the same ledger and projection a STOP reply writes.

const accountId = randomUUID();
const s1 = randomUUID();
const N1 = '+15550000001';
const N2 = '+15550000002';
const { admin } = principalsOf(accountId, s1);

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

let n = 0;
const phone = () => `+1555${String(7000000 + n++)}`;
/** `second` seconds past a fixed moment: when a refusal happened or a reply was received. */
const at = (second: number) => new Date(Date.UTC(2026, 10, 2, 9, 0, second)).toISOString();
const allowed = async (recipient: string, channelType = 'Sms', fromAddress = N1) =>
  (await h.call('checkSendPermission', admin, { accountId, recipient, channelType, fromAddress })).allowed;
const optOutsOf = async (recipient: string) =>
  (await h.optOuts(accountId)).filter((o) => o.recipient === recipient).map((o) => `${o.scope}:${o.channel_type}:${o.receiving_number}:${o.subaccount_id}`);
const eventsOf = async (recipient: string) => (await h.outbox()).filter((e) => e.key === recipient).map((e) => e.type);

describe('a send the carrier refused because the recipient unsubscribed there (Twilio 21610)', () => {
  it("records the recipient's STOP on the number the send went from, on its channel, and consent refuses the next send from there", async () => {
    const person = phone();
    const refused = carrierRefusal({ accountId, destination: person, fromAddress: N1, occurredAt: at(0) });
    await h.messagingEvent(refused);

    expect(await optOutsOf(person)).toEqual([`stopReply:Sms:${N1}:null`]);
    const entry = (await h.entries(accountId)).at(-1)!;
    expect(entry).toMatchObject({
      action: 'opted_out',
      scope: 'stopReply',
      source: 'stop_reply',
      channel_type: 'Sms',
      recipient: person,
      receiving_number: N1,
      reason: `carrier: recipient unsubscribed (Twilio 21610) (message ${(refused.payload as { messageId: string }).messageId})`,
    });
    expect(new Date(entry.reply_received_at!).toISOString()).toBe(at(0));
    const [row] = (await h.optOuts(accountId)).filter((o) => o.recipient === person);
    expect(row).toMatchObject({ source: 'stop_reply', reason: 'carrier: recipient unsubscribed (Twilio 21610)', entry_id: entry.entry_id });
    const published = (await h.outbox()).at(-1)!;
    expect(published).toMatchObject({ type: 'RecipientOptedOut', key: person });
    expect(published.payload).toMatchObject({ channel: 'Sms', scope: 'accountLevelOnly', sourceLabel: 'STOP at the carrier', receivingNumber: N1, entryId: entry.entry_id });

    const decision = await h.call('checkSendPermission', admin, { accountId, recipient: person, channelType: 'Sms', fromAddress: N1 });
    expect(decision).toMatchObject({ allowed: false, decidedByEntryId: entry.entry_id });
    // Another number, and WhatsApp from that number, are not what the carrier refused.
    expect(await allowed(person, 'Sms', N2)).toBe(true);
    expect(await allowed(person, 'WhatsApp', N1)).toBe(true);
  });

  it("belongs to the refused message's subaccount, as a STOP reply belongs to the reply's", async () => {
    const person = phone();
    await h.messagingEvent(carrierRefusal({ accountId, subaccountId: s1, destination: person, fromAddress: N2 }));
    expect(await optOutsOf(person)).toEqual([`stopReply:Sms:${N2}:${s1}`]);
    expect((await h.outbox()).at(-1)!.payload).toMatchObject({ subaccountId: s1, scope: 'subaccount' });
  });

  it("is taken from a MessageFailed with that reason too, and the same event twice changes nothing", async () => {
    const person = phone();
    const event = carrierRefusal({ accountId, destination: person, fromAddress: N1 }, 'MessageFailed');
    await h.messagingEvent(event);
    const after = await h.stored();
    await h.messagingEvent(event);
    expect(await h.stored()).toEqual(after);
    expect(await optOutsOf(person)).toEqual([`stopReply:Sms:${N1}:null`]);
    expect(await eventsOf(person)).toEqual(['RecipientOptedOut']);
  });

  it('passes over every other lifecycle event and reason, and a refusal that names no sending number', async () => {
    const person = phone();
    const before = await h.stored();
    const warnings = h.logger.warnings.length;
    await h.messagingEvent(carrierRefusal({ accountId, destination: person, reason: 'carrier refused the message' }));
    await h.messagingEvent(carrierRefusal({ accountId, destination: person, reason: 'Recipient unsubscribed at the carrier' }));
    await h.messagingEvent(carrierRefusal({ accountId, destination: person }, 'MessageDelivered'));
    await h.messagingEvent(carrierRefusal({ accountId, destination: person }, 'MessageDispatched'));
    // A 21610 told by a receipt: no number to record it on; logged, not retried for ever.
    await h.messagingEvent(carrierRefusal({ accountId, destination: person, fromAddress: undefined }, 'MessageFailed'));
    expect(await h.stored()).toEqual(before);
    expect(h.logger.warnings.slice(warnings)).toEqual(['carrier opt-out not recorded']);
    expect(await allowed(person)).toBe(true);
  });
});

describe('in order with STOP and START replies on that number (by when each happened)', () => {
  it('a START the person sent after the refusal lifts it', async () => {
    const person = phone();
    await h.messagingEvent(carrierRefusal({ accountId, destination: person, fromAddress: N1, occurredAt: at(10) }));
    await h.reply(messageReceived({ accountId, from: person, to: N1, keyword: 'Start', body: 'START', receivedAt: at(11) }));
    expect(await optOutsOf(person)).toEqual([]);
    expect(await allowed(person)).toBe(true);
    expect(await eventsOf(person)).toEqual(['RecipientOptedOut', 'RecipientOptedIn']);
  });

  it('a START received before the refusal but processed after it is stale: the opt-out stays', async () => {
    const person = phone();
    await h.messagingEvent(carrierRefusal({ accountId, destination: person, fromAddress: N1, occurredAt: at(20) }));
    await h.reply(messageReceived({ accountId, from: person, to: N1, keyword: 'Start', body: 'START', receivedAt: at(19) }));
    expect(await optOutsOf(person)).toEqual([`stopReply:Sms:${N1}:null`]);
    expect(await allowed(person)).toBe(false);
  });

  it('a refusal older than a START already taken in changes nothing (the person re-subscribed since)', async () => {
    const person = phone();
    await h.reply(messageReceived({ accountId, from: person, to: N1, keyword: 'Start', body: 'START', receivedAt: at(31) }));
    const before = await h.stored();
    await h.messagingEvent(carrierRefusal({ accountId, destination: person, fromAddress: N1, occurredAt: at(30) }));
    expect(await h.stored()).toEqual(before);
    expect(await allowed(person)).toBe(true);
  });

  it('a STOP reply afterwards adds the other phone channel of that number, and a START lifts both', async () => {
    const person = phone();
    await h.messagingEvent(carrierRefusal({ accountId, destination: person, fromAddress: N1, occurredAt: at(40) }));
    await h.reply(messageReceived({ accountId, from: person, to: N1, keyword: 'Stop', receivedAt: at(41) }));
    expect((await optOutsOf(person)).sort()).toEqual([`stopReply:Sms:${N1}:null`, `stopReply:WhatsApp:${N1}:null`]);
    await h.reply(messageReceived({ accountId, from: person, to: N1, keyword: 'Start', body: 'START', receivedAt: at(42) }));
    expect(await optOutsOf(person)).toEqual([]);
  });
});
