import { randomUUID } from 'node:crypto';
import { messageReceived, principalsOf, refusal, startConsentHarness, subaccountRoute, accountRoute, type ConsentHarness } from '../testing/consent-harness';

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
const phone = () => `+1555${String(5000000 + n++)}`;
const check = (recipient: string, channelType: string, over: { subaccountId?: string; fromAddress?: string } = {}) =>
  h.call('checkSendPermission', admin, { accountId, recipient, channelType, ...over });
const stopsOf = async (recipient: string) =>
  (await h.optOuts(accountId)).filter((o) => o.recipient === recipient).map((o) => `${o.scope}:${o.channel_type}:${o.receiving_number}:${o.subaccount_id}`).sort();

describe('STOP and START replies (spec 4.3 rule 3, 4.7 rule 3)', () => {
  it('STOP on a subaccount reply: a stopReply opt-out of that number on every phone channel, one entry, one RecipientOptedOut', async () => {
    const from = phone();
    const event = messageReceived({ accountId, subaccountId: s1, from, to: N1, channelType: 'WhatsApp', keyword: 'Stop' });
    const entriesBefore = (await h.entries(accountId)).length;
    await h.reply(event);

    expect(await stopsOf(from)).toEqual([`stopReply:Sms:${N1}:${s1}`, `stopReply:WhatsApp:${N1}:${s1}`]);
    const entries = await h.entries(accountId);
    expect(entries).toHaveLength(entriesBefore + 1);
    const entry = entries.at(-1)!;
    expect(entry).toMatchObject({
      action: 'opted_out',
      scope: 'stopReply',
      source: 'stop_reply',
      channel_type: '*',
      recipient: from,
      subaccount_id: s1,
      receiving_number: N1,
      actor: N1,
    });
    expect((await h.optOuts(accountId)).filter((o) => o.recipient === from).every((o) => o.entry_id === entry.entry_id && o.source === 'stop_reply')).toBe(true);
    const published = (await h.outbox()).at(-1)!;
    expect(published).toMatchObject({ type: 'RecipientOptedOut', key: from });
    expect(published.payload).toEqual({
      accountId,
      subaccountId: s1,
      recipient: from,
      channel: 'WhatsApp',
      scope: 'subaccount',
      sourceLabel: 'STOP reply',
      receivingNumber: N1,
      entryId: entry.entry_id,
      occurredAt: new Date(entry.recorded_at).toISOString(),
    });
    // It blocks that number on every channel, and not another number.
    expect((await check(from, 'Sms', { subaccountId: s1, fromAddress: N1 })).allowed).toBe(false);
    expect((await check(from, 'WhatsApp', { fromAddress: N1 })).allowed).toBe(false);
    expect((await check(from, 'Sms', { subaccountId: s1, fromAddress: N2 })).allowed).toBe(true);
  });

  it('STOP without a subaccount is account-level (event scope accountLevelOnly)', async () => {
    const from = phone();
    await h.reply(messageReceived({ accountId, from, to: N2, keyword: 'Stop' }));
    expect(await stopsOf(from)).toEqual([`stopReply:Sms:${N2}:null`, `stopReply:WhatsApp:${N2}:null`]);
    expect((await h.outbox()).at(-1)!.payload).toMatchObject({ scope: 'accountLevelOnly', subaccountId: null, channel: 'Sms', receivingNumber: N2 });
  });

  it('an e-mail STOP stops the Email channel of that sender address', async () => {
    await h.reply(messageReceived({ accountId, from: 'Ann@Example.com', to: 'news@mail.example', channelType: 'Email', keyword: 'Stop' }));
    expect(await stopsOf('ann@example.com')).toEqual(['stopReply:Email:news@mail.example:null']);
  });

  it('the same event again changes nothing; another STOP on that number changes no opt-out and publishes nothing', async () => {
    const from = phone();
    const event = messageReceived({ accountId, subaccountId: s1, from, to: N1, keyword: 'Stop' });
    await h.reply(event);
    const after = await h.stored();
    const rows = await stopsOf(from);
    await h.reply(event);
    expect(await h.stored()).toEqual(after);
    // A later STOP is only entered, taking the first over (reply-keyword-order.spec.ts).
    await h.reply(messageReceived({ accountId, from, to: N1, keyword: 'Stop' }));
    expect(await h.stored()).toEqual({ ...after, entries: after.entries + 1 });
    expect(await stopsOf(from)).toEqual(rows);
    // Another number is another opt-out.
    await h.reply(messageReceived({ accountId, subaccountId: s1, from, to: N2, keyword: 'Stop' }));
    expect((await h.stored()).outbox).toBe(after.outbox + 1);
  });

  it('START after STOP lifts it: a resubscribed entry naming the STOP, rows gone, RecipientOptedIn not suppressed', async () => {
    const from = phone();
    await h.reply(messageReceived({ accountId, subaccountId: s1, from, to: N1, keyword: 'Stop' }));
    const stopEntry = (await h.entries(accountId)).at(-1)!;
    // A START that is not linked to the subaccount still answers the STOP of that number.
    await h.reply(messageReceived({ accountId, from, to: N1, channelType: 'Sms', body: 'START', keyword: 'Start' }));

    expect(await stopsOf(from)).toEqual([]);
    const entry = (await h.entries(accountId)).at(-1)!;
    expect(entry).toMatchObject({
      action: 'resubscribed',
      source: 'start_reply',
      scope: 'stopReply',
      channel_type: '*',
      receiving_number: N1,
      lifted_entry_ids: [stopEntry.entry_id],
    });
    const published = (await h.outbox()).at(-1)!;
    expect(published).toMatchObject({ type: 'RecipientOptedIn', key: from });
    // Announced where the lifted STOP was (s1), though the START itself belongs to no subaccount.
    expect(published.payload).toEqual({
      accountId,
      subaccountId: s1,
      recipient: from,
      channel: 'Sms',
      scope: 'subaccount',
      sourceLabel: 'START reply',
      receivingNumber: N1,
      stillSuppressed: false,
      entryId: entry.entry_id,
      occurredAt: new Date(entry.recorded_at).toISOString(),
    });
    expect((await check(from, 'WhatsApp', { subaccountId: s1, fromAddress: N1 })).allowed).toBe(true);
    expect((await check(from, 'Sms', { subaccountId: s1, fromAddress: N1 })).decidedByEntryId).toBe(entry.entry_id);
  });

  it("START lifts only that number's STOP, and stays suppressed while a customer opt-out remains", async () => {
    const from = phone();
    await h.call('recordOptOut', admin, { route: accountRoute(accountId), recipient: from, channelType: 'Sms', scope: 'entireAccount' });
    await h.reply(messageReceived({ accountId, from, to: N1, keyword: 'Stop' }));
    await h.reply(messageReceived({ accountId, from, to: N2, keyword: 'Stop' }));
    await h.reply(messageReceived({ accountId, from, to: N1, keyword: 'Start' }));
    expect(await stopsOf(from)).toEqual([`entireAccount:Sms:null:null`, `stopReply:Sms:${N2}:null`, `stopReply:WhatsApp:${N2}:null`]);
    expect((await h.outbox()).at(-1)!.payload).toMatchObject({ stillSuppressed: true, channel: 'Sms' });
    // On WhatsApp from N1 nothing else blocks.
    const whatsapp = phone();
    await h.call('recordOptOut', admin, { route: subaccountRoute(accountId, s1), recipient: whatsapp, channelType: 'Sms' });
    await h.reply(messageReceived({ accountId, subaccountId: s1, from: whatsapp, to: N1, keyword: 'Stop', channelType: 'WhatsApp' }));
    await h.reply(messageReceived({ accountId, subaccountId: s1, from: whatsapp, to: N1, keyword: 'Start', channelType: 'WhatsApp' }));
    expect((await h.outbox()).at(-1)!.payload).toMatchObject({ stillSuppressed: false, channel: 'WhatsApp' });
  });

  it('START without a STOP on that number lifts and publishes nothing: it is only entered, to order later replies', async () => {
    const from = phone();
    await h.reply(messageReceived({ accountId, from, to: N2, keyword: 'Stop' }));
    const before = await h.stored();
    const rows = await stopsOf(from);
    await h.reply(messageReceived({ accountId, from, to: N1, keyword: 'Start' }));
    await h.reply(messageReceived({ accountId, from: phone(), to: N1, keyword: 'Start' }));
    expect(await h.stored()).toEqual({ ...before, entries: before.entries + 2 });
    expect(await stopsOf(from)).toEqual(rows);
    expect((await h.entries(accountId)).at(-2)).toMatchObject({ action: 'resubscribed', source: 'start_reply', recipient: from, receiving_number: N1, lifted_entry_ids: [] });
  });

  it('HELP, plain replies and other events change nothing', async () => {
    const from = phone();
    await h.reply(messageReceived({ accountId, from, to: N2, keyword: 'Stop' }));
    const before = await h.stored();
    await h.reply(messageReceived({ accountId, from, to: N2, keyword: 'Help', body: 'HELP' }));
    await h.reply(messageReceived({ accountId, from, to: N2, keyword: undefined, body: 'stop it please' }));
    await h.reply({ ...messageReceived({ accountId, from, to: N2, keyword: 'Start' }), type: 'MessageSomethingElse' });
    expect(await h.stored()).toEqual(before);
  });

  it('a keyword reply without its account or numbers is logged and skipped', async () => {
    const before = await h.stored();
    await h.reply(messageReceived({ accountId: 'not-a-uuid', keyword: 'Stop' }));
    await h.reply(messageReceived({ accountId, from: '', keyword: 'Stop' }));
    expect(await h.stored()).toEqual(before);
    expect(h.logger.errors).toEqual(['keyword reply ignored', 'keyword reply ignored']);
  });

  it('a STOP cannot be lifted by re-subscribing, only by START', async () => {
    const from = phone();
    await h.reply(messageReceived({ accountId, subaccountId: s1, from, to: N1, keyword: 'Stop' }));
    const error = await refusal(
      h.call('optIn', admin, { route: subaccountRoute(accountId, s1), recipient: from, channelType: 'Sms', consentConfirmed: true, consentMethod: 'Text', consentEvidence: 'texted us' }),
    );
    expect(error.code).toBe('RECIPIENT_OPT_OUT_NOT_LIFTABLE');
  });
});
