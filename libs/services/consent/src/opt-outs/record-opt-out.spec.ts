import { randomUUID } from 'node:crypto';
import { consentEvents } from '@mp/contracts';
import { accountRoute, principalsOf, refusal, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';

const accountId = randomUUID();
const s1 = randomUUID();
const { admin, manageKey } = principalsOf(accountId, s1);
const onS1 = subaccountRoute(accountId, s1);
const onAccount = accountRoute(accountId);

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

let n = 0;
const phone = () => `+1555${String(3000000 + n++)}`;

describe('RecordOptOut (spec 4.7 rule 1)', () => {
  it('records a subaccount opt-out: ledger entry, projection row naming it, RecipientOptedOut in the same transaction', async () => {
    const recipient = phone();
    const answer = await h.call('recordOptOut', admin, { route: onS1, recipient: ` ${recipient} `, channelType: 'Sms', reason: 'asked by phone' });
    expect(answer.created).toBe(true);
    const optOut = answer.optOut!;
    expect(optOut).toMatchObject({ accountId, subaccountId: s1, recipient, channelType: 'Sms', scope: 'subaccount', source: 'customer', reason: 'asked by phone' });
    expect(optOut.receivingNumber).toBeUndefined();

    const entry = (await h.entries(accountId)).find((e) => e.entry_id === optOut.entryId)!;
    expect(entry).toMatchObject({ action: 'opted_out', scope: 'subaccount', source: 'customer', actor: admin.userId, subaccount_id: s1, recipient, channel_type: 'Sms', reason: 'asked by phone' });
    const row = (await h.optOuts(accountId)).find((o) => o.id === optOut.optOutId)!;
    expect(row.entry_id).toBe(entry.entry_id);

    const event = (await h.outbox()).at(-1)!;
    expect(event).toMatchObject({ type: 'RecipientOptedOut', topic: 'consent.events', key: recipient });
    expect(event.payload).toEqual({
      accountId,
      subaccountId: s1,
      recipient,
      channel: 'Sms',
      scope: 'subaccount',
      sourceLabel: 'API',
      receivingNumber: null,
      entryId: entry.entry_id,
      occurredAt: new Date(entry.recorded_at).toISOString(),
    });
    // The contract's reader takes it back as sent (stillSuppressed belongs to RecipientOptedIn only).
    const read = consentEvents.RecipientConsentChanged.fromJSON(event.payload);
    expect(read).toMatchObject({ subaccountId: s1, entryId: entry.entry_id, scope: 'subaccount' });
    expect(read.stillSuppressed).toBeUndefined();
  });

  it.each([
    ['accountLevelOnly', 'accountLevelOnly'],
    ['entireAccount', 'accountWide'],
  ])('records an account opt-out of scope %s (event scope %s), without a subaccount', async (scope, eventScope) => {
    const recipient = phone();
    const answer = await h.call('recordOptOut', manageKey, { route: onAccount, recipient, channelType: 'WhatsApp', scope });
    expect(answer.optOut).toMatchObject({ scope, subaccountId: undefined, channelType: 'WhatsApp' });
    const entry = (await h.entries(accountId)).at(-1)!;
    expect(entry).toMatchObject({ scope, subaccount_id: null, actor: manageKey.apiKeyId });
    expect((await h.outbox()).at(-1)!.payload).toMatchObject({ scope: eventScope, subaccountId: null, channel: 'WhatsApp' });
  });

  it('stores e-mail recipients in lower case', async () => {
    const answer = await h.call('recordOptOut', admin, { route: onS1, recipient: 'Ann.Lee@Example.COM', channelType: 'Email' });
    expect(answer.optOut!.recipient).toBe('ann.lee@example.com');
  });

  it('answers the same opt-out again with created=false, writing nothing (a different reason or spelling included)', async () => {
    const recipient = 'bo@example.com';
    const first = await h.call('recordOptOut', admin, { route: onAccount, recipient, channelType: 'Email', scope: 'entireAccount', reason: 'first' });
    const before = await h.stored();
    const again = await h.call('recordOptOut', manageKey, { route: onAccount, recipient: 'BO@example.com', channelType: 'Email', scope: 'entireAccount', reason: 'second' });
    expect(again).toEqual({ created: false, optOut: first.optOut });
    expect(await h.stored()).toEqual(before);
  });

  it('records the same recipient at another scope or subaccount as a new opt-out', async () => {
    const recipient = phone();
    await h.call('recordOptOut', admin, { route: onAccount, recipient, channelType: 'Sms', scope: 'accountLevelOnly' });
    expect((await h.call('recordOptOut', admin, { route: onAccount, recipient, channelType: 'Sms', scope: 'entireAccount' })).created).toBe(true);
    expect((await h.call('recordOptOut', admin, { route: onS1, recipient, channelType: 'Sms' })).created).toBe(true);
    expect((await h.call('recordOptOut', admin, { route: subaccountRoute(accountId, randomUUID()), recipient, channelType: 'Sms' })).created).toBe(true);
    expect((await h.call('recordOptOut', admin, { route: onS1, recipient, channelType: 'WhatsApp' })).created).toBe(true);
  });

  describe('refusals store nothing', () => {
    const refused = async (request: Parameters<ConsentHarness['handlers']['recordOptOut']>[0]) => {
      const before = await h.stored();
      const error = await refusal(h.call('recordOptOut', admin, request));
      expect(await h.stored()).toEqual(before);
      return error;
    };

    it('an account route without scope: 400 RECIPIENT_OPT_OUT_SCOPE_REQUIRED, saying the allowed values', async () => {
      const error = await refused({ route: onAccount, recipient: phone(), channelType: 'Sms' });
      expect(error.code).toBe('RECIPIENT_OPT_OUT_SCOPE_REQUIRED');
      expect(error.status).toBe(400);
      expect(error.detail).toBe('An opt-out recorded on an account route needs scope: accountLevelOnly or entireAccount.');
      expect(Object.keys(error.extensions.errors!)).toEqual(['scope']);
      expect((await refused({ route: onAccount, recipient: phone(), channelType: 'Sms', scope: '' })).code).toBe('RECIPIENT_OPT_OUT_SCOPE_REQUIRED');
    });

    it('a missing scope wins over other bad fields, and its errors name them all', async () => {
      const error = await refused({ route: onAccount, recipient: 'nope', channelType: 'Fax' });
      expect(error.code).toBe('RECIPIENT_OPT_OUT_SCOPE_REQUIRED');
      expect(Object.keys(error.extensions.errors!).sort()).toEqual(['channelType', 'scope']);
    });

    it.each(['subaccount', 'stopReply', 'accountWide', 'everything'])('an account route with scope %s: VALIDATION_FAILED naming scope', async (scope) => {
      const error = await refused({ route: onAccount, recipient: phone(), channelType: 'Sms', scope });
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.extensions.errors).toEqual({ scope: ['must be accountLevelOnly or entireAccount'] });
    });

    it('a subaccount route with any scope: VALIDATION_FAILED naming scope', async () => {
      const error = await refused({ route: onS1, recipient: phone(), channelType: 'Sms', scope: 'subaccount' });
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.extensions.errors!)).toEqual(['scope']);
    });

    it.each([
      ['nothing', {}, ['channelType', 'recipient']],
      ['an unknown channel', { recipient: '+15551234567', channelType: 'sms' }, ['channelType']],
      ['a number for Email', { recipient: '+15551234567', channelType: 'Email' }, ['recipient']],
      ['an address for Sms', { recipient: 'a@b.co', channelType: 'Sms' }, ['recipient']],
      ['a number without +', { recipient: '15551234567', channelType: 'WhatsApp' }, ['recipient']],
      ['a reason of 501 characters', { recipient: '+15551234567', channelType: 'Sms', reason: 'x'.repeat(501) }, ['reason']],
      ['everything wrong at once', { recipient: 'x', channelType: 'Sms', reason: 'x'.repeat(501), scope: 'subaccount' }, ['reason', 'recipient', 'scope']],
    ])('%s: VALIDATION_FAILED naming each field', async (_label, fields, named) => {
      const error = await refused({ route: onS1, ...fields });
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.extensions.errors!).sort()).toEqual(named);
    });

    it('accepts a reason of exactly 500 characters', async () => {
      expect((await h.call('recordOptOut', admin, { route: onS1, recipient: phone(), channelType: 'Sms', reason: 'é'.repeat(500) })).created).toBe(true);
    });
  });
});
