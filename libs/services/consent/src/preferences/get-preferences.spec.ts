import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import { accountRoute, messageReceived, principalsOf, refusal, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';

const accountId = randomUUID();
const s1 = randomUUID();
const s2 = randomUUID();
const N1 = '+15550000001';
const { admin, member } = principalsOf(accountId, s1);
const onS1 = subaccountRoute(accountId, s1);
const onS2 = subaccountRoute(accountId, s2);
const onAccount = accountRoute(accountId);

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

let n = 0;
const phone = () => `+1555${String(7000000 + n++)}`;

/** channel -> status, blocking scopes, and the deciding entry's action. */
async function preferences(route: consentV1.ConsentRoute, recipient: string) {
  const answer = await h.call('getPreferences', member, { route, recipient });
  return Object.fromEntries(
    answer.channels.map((c) => [c.channelType, { status: c.status, blockedBy: c.blockedBy.map((o) => o.scope), decidedBy: c.decidedBy?.entryId }]),
  );
}

describe('GetPreferences', () => {
  it('answers opted_in on every channel, in order, decided by nothing, for a recipient never recorded', async () => {
    const recipient = phone();
    const answer = await h.call('getPreferences', member, { route: onS1, recipient: ` ${recipient}` });
    expect(answer.recipient).toBe(recipient);
    expect(answer.channels).toEqual([
      { channelType: 'Sms', status: 'opted_in', blockedBy: [], decidedBy: undefined },
      { channelType: 'WhatsApp', status: 'opted_in', blockedBy: [], decidedBy: undefined },
      { channelType: 'Email', status: 'opted_in', blockedBy: [], decidedBy: undefined },
    ]);
  });

  it("sees a subaccount opt-out from that subaccount and from the account, not from another subaccount", async () => {
    const recipient = phone();
    const { optOut } = await h.call('recordOptOut', admin, { route: onS1, recipient, channelType: 'Sms' });
    const opted = { status: 'opted_out', blockedBy: ['subaccount'], decidedBy: optOut!.entryId };
    expect((await preferences(onS1, recipient)).Sms).toEqual(opted);
    expect((await preferences(onAccount, recipient)).Sms).toEqual(opted);
    // S2 sees neither the opt-out nor S1's entry.
    expect((await preferences(onS2, recipient)).Sms).toEqual({ status: 'opted_in', blockedBy: [], decidedBy: undefined });
    expect((await preferences(onS1, recipient)).WhatsApp.status).toBe('opted_in');
    const full = await h.call('getPreferences', member, { route: onS1, recipient });
    expect(full.channels[0].blockedBy).toEqual([optOut]);
    expect(full.channels[0].decidedBy).toMatchObject({ entryId: optOut!.entryId, action: 'opted_out', scope: 'subaccount', source: 'customer', channelType: 'Sms', actor: admin.userId });
  });

  it('an accountLevelOnly opt-out blocks the account route only; subaccounts see it as the latest entry', async () => {
    const recipient = phone();
    const { optOut } = await h.call('recordOptOut', admin, { route: onAccount, recipient, channelType: 'WhatsApp', scope: 'accountLevelOnly', reason: 'wrong number' });
    expect((await preferences(onAccount, recipient)).WhatsApp).toEqual({ status: 'opted_out', blockedBy: ['accountLevelOnly'], decidedBy: optOut!.entryId });
    expect((await preferences(onS1, recipient)).WhatsApp).toEqual({ status: 'opted_in', blockedBy: [], decidedBy: optOut!.entryId });
  });

  it('lists every opt-out that blocks, and after a re-subscribe is decided by its evidence entry', async () => {
    const recipient = phone();
    // A second apart, so that oldest-first is their recording order.
    await h.call('recordOptOut', admin, { route: onAccount, recipient, channelType: 'Sms', scope: 'entireAccount' });
    h.clock.advance(1);
    const { optOut } = await h.call('recordOptOut', admin, { route: onAccount, recipient, channelType: 'Sms', scope: 'accountLevelOnly' });
    h.clock.advance(1);
    await h.call('recordOptOut', admin, { route: onS1, recipient, channelType: 'Sms' });
    expect((await preferences(onAccount, recipient)).Sms.blockedBy).toEqual(['entireAccount', 'accountLevelOnly', 'subaccount']);
    expect((await preferences(onS2, recipient)).Sms.blockedBy).toEqual(['entireAccount']);
    const { entryId } = await h.call('optIn', admin, {
      route: onAccount,
      recipient,
      channelType: 'Sms',
      scope: 'entireAccount',
      consentConfirmed: true,
      consentMethod: 'Written',
      consentEvidence: 'letter of 2026-10-02',
    });
    expect((await preferences(onS2, recipient)).Sms).toEqual({ status: 'opted_in', blockedBy: [], decidedBy: entryId });
    expect((await preferences(onAccount, recipient)).Sms).toEqual({ status: 'opted_out', blockedBy: ['accountLevelOnly', 'subaccount'], decidedBy: optOut!.entryId });
    const decided = (await h.call('getPreferences', member, { route: onS2, recipient })).channels[0].decidedBy;
    expect(decided).toMatchObject({ action: 'resubscribed', consentMethod: 'Written', consentEvidence: 'letter of 2026-10-02' });
  });

  it("a STOP to S1's number blocks both phone channels for S1, decided by the STOP's entry", async () => {
    const recipient = phone();
    await h.reply(messageReceived({ accountId, subaccountId: s1, from: recipient, to: N1, keyword: 'Stop' }));
    const stop = (await h.entries(accountId)).at(-1)!;
    const onSub = await preferences(onS1, recipient);
    expect(onSub.Sms).toEqual({ status: 'opted_out', blockedBy: ['stopReply'], decidedBy: stop.entry_id });
    expect(onSub.WhatsApp).toEqual({ status: 'opted_out', blockedBy: ['stopReply'], decidedBy: stop.entry_id });
    expect(onSub.Email).toEqual({ status: 'opted_in', blockedBy: [], decidedBy: undefined });
    expect((await preferences(onAccount, recipient)).Sms).toEqual({ status: 'opted_in', blockedBy: [], decidedBy: stop.entry_id });
    const entry = (await h.call('getPreferences', member, { route: onS1, recipient })).channels[1].decidedBy;
    expect(entry).toMatchObject({ channelType: '*', scope: 'stopReply', source: 'stop_reply', receivingNumber: N1, actor: N1, subaccountId: s1 });
  });

  it.each([[undefined], [''], ['   ']])('recipient %p: 400 VALIDATION_FAILED naming recipient', async (recipient) => {
    const error = await refusal(h.call('getPreferences', member, { route: onS1, recipient }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.extensions.errors!)).toEqual(['recipient']);
  });
});
