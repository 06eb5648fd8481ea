import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import { accountRoute, messageReceived, principalsOf, refusal, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';

const accountId = randomUUID();
const s1 = randomUUID();
const s2 = randomUUID();
const { admin, manageKey, readKey } = principalsOf(accountId, s1);
const onS1 = subaccountRoute(accountId, s1);
const onAccount = accountRoute(accountId);

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

let n = 0;
const phone = () => `+1555${String(8000000 + n++)}`;
const create = (route: consentV1.ConsentRoute, over: Partial<consentV1.CreateOptInRecordRequest> = {}) =>
  h.call('createOptInRecord', manageKey, { route, phoneNumber: phone(), optedInAt: '2026-09-30T12:00:00Z', method: 'WebForm', ...over });

describe('CreateOptInRecord (spec 2.7, 4.7 rule 7)', () => {
  it('stores the record and its evidence_recorded ledger entry', async () => {
    const phoneNumber = phone();
    const published = (await h.outbox()).length;
    const answer = await create(onS1, { phoneNumber, source: 'https://example.com/join', consentLanguage: 'en-US', optedInAt: '2026-09-30T12:00:00.250Z' });
    expect(answer.stillOptedOut).toBe(false);
    expect(answer.record).toMatchObject({
      accountId,
      subaccountId: s1,
      phoneNumber,
      optedInAt: '2026-09-30T12:00:00.250Z',
      method: 'WebForm',
      source: 'https://example.com/join',
      consentLanguage: 'en-US',
    });
    const row = await h.db('opt_in_records').where({ record_id: answer.record!.recordId }).first();
    const entry = (await h.entries(accountId)).at(-1)!;
    expect(row.entry_id).toBe(entry.entry_id);
    expect(entry).toMatchObject({
      action: 'evidence_recorded',
      channel_type: '*',
      scope: 'subaccount',
      subaccount_id: s1,
      recipient: phoneNumber,
      source: 'customer',
      actor: manageKey.apiKeyId,
      consent_method: 'WebForm',
      consent_evidence: 'opted in at 2026-09-30T12:00:00.250Z; source: https://example.com/join; language: en-US',
    });
    // No consent event: evidence changes no opt-out.
    expect((await h.outbox()).length).toBe(published);
  });

  it('never lifts an opt-out; still_opted_out while one of the number blocks sending through the route', async () => {
    const phoneNumber = phone();
    await h.reply(messageReceived({ accountId, subaccountId: s1, from: phoneNumber, to: '+15550000001', keyword: 'Stop' }));
    const before = await h.optOuts(accountId);
    expect((await create(onS1, { phoneNumber })).stillOptedOut).toBe(true);
    expect(await h.optOuts(accountId)).toEqual(before);
    // The STOP belongs to S1: account-level sending and S2 are not blocked by it.
    expect((await create(onAccount, { phoneNumber })).stillOptedOut).toBe(false);
    expect((await create(subaccountRoute(accountId, s2), { phoneNumber })).stillOptedOut).toBe(false);
    const other = phone();
    await h.call('recordOptOut', admin, { route: onAccount, recipient: other, channelType: 'WhatsApp', scope: 'entireAccount' });
    expect((await create(subaccountRoute(accountId, s2), { phoneNumber: other })).stillOptedOut).toBe(true);
  });

  it('holds method to 100 characters as imports do, trimmed first: 101 is refused naming it', async () => {
    const method = 'm'.repeat(100);
    expect((await create(onAccount, { method: ` ${method} ` })).record!.method).toBe(method);
    const error = await refusal(create(onAccount, { method: `${method}m` }));
    expect(error.extensions.errors).toEqual({ method: ['must be at most 100 characters'] });
  });

  it('accepts opted_in_at equal to now', async () => {
    const now = h.clock.now();
    h.clock.setAtLeast(new Date(now.getTime() + 1));
    expect((await create(onAccount, { optedInAt: now.toISOString() })).record!.optedInAt).toBe(now.toISOString());
  });

  describe('refusals store nothing', () => {
    it.each([
      ['nothing', { phoneNumber: undefined, optedInAt: undefined, method: undefined }, ['method', 'opted_in_at', 'phone_number']],
      ['a number without +', { phoneNumber: '15551234567' }, ['phone_number']],
      ['an e-mail address', { phoneNumber: 'a@b.co' }, ['phone_number']],
      ['opted_in_at with a non-UTC offset', { optedInAt: '2026-09-30T12:00:00+02:00' }, ['opted_in_at']],
      ['opted_in_at without an offset', { optedInAt: '2026-09-30T12:00:00' }, ['opted_in_at']],
      ['opted_in_at as a date', { optedInAt: '2026-09-30' }, ['opted_in_at']],
      ['opted_in_at in the future', { optedInAt: '2099-01-01T00:00:00Z' }, ['opted_in_at']],
      ['opted_in_at in year 0000', { optedInAt: '0000-06-01T00:00:00Z' }, ['opted_in_at']],
      ['a method of 101 characters', { method: 'm'.repeat(101) }, ['method']],
      ['a blank method', { method: '  ' }, ['method']],
      ['a source of 501 characters', { source: 's'.repeat(501) }, ['source']],
      ['a consent_language of 36 characters', { consentLanguage: 'l'.repeat(36) }, ['consent_language']],
    ])('%s: 400 VALIDATION_FAILED naming the fields', async (_label, over, fields) => {
      const before = await h.stored();
      const error = await refusal(create(onS1, over));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.extensions.errors!).sort()).toEqual(fields);
      expect(await h.stored()).toEqual(before);
    });

    it('the future is judged by the platform clock', async () => {
      const later = new Date(h.clock.now().getTime() + 60_000).toISOString();
      const error = await refusal(create(onS1, { optedInAt: later }));
      expect(error.extensions.errors).toEqual({ opted_in_at: ['cannot be in the future'] });
      h.clock.advance(61);
      expect((await create(onS1, { optedInAt: later })).record!.optedInAt).toBe(later);
    });
  });
});

describe('ListOptInRecords', () => {
  const accountB = randomUUID();
  const b1 = randomUUID();
  const cast = principalsOf(accountB, b1);
  const made: consentV1.OptInRecord[] = [];
  const P = '+15558999999';

  beforeAll(async () => {
    for (const [route, phoneNumber] of [
      [subaccountRoute(accountB, b1), P],
      [accountRoute(accountB), P],
      [subaccountRoute(accountB, b1), '+15558999998'],
      [subaccountRoute(accountB, randomUUID()), P],
    ] as const) {
      made.push((await h.call('createOptInRecord', cast.admin, { route, phoneNumber, optedInAt: '2026-01-01T00:00:00Z', method: 'Paper' })).record!);
      h.clock.advance(1);
    }
  });

  const list = (route: consentV1.ConsentRoute, over: Partial<consentV1.ListOptInRecordsRequest> = {}) => h.call('listOptInRecords', cast.readKey, { route, ...over });

  it("lists newest first: the whole account's on the account route, one subaccount's on its route", async () => {
    expect((await list(accountRoute(accountB))).items).toEqual([...made].reverse());
    expect((await list(subaccountRoute(accountB, b1))).items.map((r) => r.recordId)).toEqual([made[2].recordId, made[0].recordId]);
  });

  it('filters by phone_number', async () => {
    expect((await list(accountRoute(accountB), { phoneNumber: P })).items.map((r) => r.recordId)).toEqual([made[3], made[1], made[0]].map((r) => r.recordId));
    const error = await refusal(list(accountRoute(accountB), { phoneNumber: 'nope' }));
    expect(error.extensions.errors).toEqual({ phone_number: ['must be an E.164 number, such as +14155550100'] });
  });

  it('pages with a cursor bound to the list', async () => {
    const first = await list(accountRoute(accountB), { pageSize: '3' });
    expect(first.items).toHaveLength(3);
    const second = await list(accountRoute(accountB), { pageSize: '3', cursor: first.nextCursor });
    expect(second.items.map((r) => r.recordId)).toEqual([made[0].recordId]);
    expect(second.nextCursor).toBeUndefined();
    const error = await refusal(list(accountRoute(accountB), { pageSize: '3', cursor: first.nextCursor, phoneNumber: P }));
    expect(error.extensions.errors).toEqual({ cursor: ['is not a valid cursor for this list'] });
    expect((await refusal(list(accountRoute(accountB), { pageSize: '0' }))).extensions.errors).toEqual({ pageSize: ['must be a whole number from 1 to 200'] });
  });

  it("never shows another account's records", async () => {
    expect((await h.call('listOptInRecords', readKey, { route: onAccount })).items.every((r) => r.accountId === accountId)).toBe(true);
  });
});
