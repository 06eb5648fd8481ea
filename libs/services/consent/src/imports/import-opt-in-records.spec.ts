import { createHash, randomUUID } from 'node:crypto';
import { csvFile } from '../testing/csv-files';
import { accountRoute, principalsOf, refusal, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';

const accountId = randomUUID();
const s1 = randomUUID();
const s2 = randomUUID();
const { admin, manageKey, readKey } = principalsOf(accountId, s1);
const onS1 = subaccountRoute(accountId, s1);
const onAccount = accountRoute(accountId);
const messaging = { kind: 'service' as const, accountId: '', service: 'messaging' };

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

let n = 0;
const phone = () => `+1555${String(6000000 + n++)}`;
const HEADER = 'phone_number,opted_in_at,method,source,consent_language';

describe('ImportOptInRecords (spec 2.7, 4.7 rules 5 and 7)', () => {
  const [a, b, c] = [phone(), phone(), phone()];
  const file = csvFile(HEADER, [
    `${a},2026-02-01T09:00:00Z,WebForm,https://example.com/join,en-US`,
    `${b},2026-02-01T09:00:00.250Z,Paper,,`,
    `${a},2026-02-01T09:00:00.000Z,WebForm,again,`,
    `${c},2999-01-01T00:00:00Z,WebForm,,`,
    `${c},2026-02-01T10:00:00+01:00,WebForm,,`,
    `'${c},2026-03-01T00:00:00Z,Keyword,'=sheet,`,
  ]);

  it('answers one result per row with the SHA-256; stores each new record with its evidence_recorded entry; no event', async () => {
    // b's record is stored already through the API: the import finds it.
    await h.call('createOptInRecord', manageKey, { route: onS1, phoneNumber: b, optedInAt: '2026-02-01T09:00:00.250Z', method: 'Paper' });
    const before = await h.stored();
    const entriesBefore = (await h.entries(accountId)).length;

    const answer = await h.call('importOptInRecords', admin, { route: onS1, file });

    expect(answer.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    expect(answer.rows).toEqual([
      { row: 1, result: 'created', errors: [] },
      { row: 2, result: 'already_exists', errors: [] },
      { row: 3, result: 'duplicate_in_file', errors: ['repeats row 1'] },
      { row: 4, result: 'invalid', errors: ['opted_in_at must not be in the future'] },
      { row: 5, result: 'invalid', errors: ['opted_in_at must be a UTC time in ISO 8601 ending in Z (such as 2026-01-31T09:30:00Z)'] },
      { row: 6, result: 'created', errors: [] },
    ]);
    expect(answer).toMatchObject({ created: 2, alreadyExists: 1, duplicateInFile: 1, invalid: 2 });
    expect(await h.stored()).toEqual({ ...before, entries: before.entries + 2, records: before.records + 2 });

    const entries = (await h.entries(accountId)).slice(entriesBefore);
    expect(entries.map((e) => [e.recipient, e.consent_method, e.consent_evidence])).toEqual([
      [a, 'WebForm', 'opted in at 2026-02-01T09:00:00.000Z; source: https://example.com/join; language: en-US'],
      [c, 'Keyword', 'opted in at 2026-03-01T00:00:00.000Z; source: =sheet'],
    ]);
    for (const e of entries) expect(e).toMatchObject({ action: 'evidence_recorded', channel_type: '*', source: 'import', scope: 'subaccount', subaccount_id: s1, actor: admin.userId });
    const records = await h.db('opt_in_records').whereIn('entry_id', entries.map((e) => e.entry_id)).orderBy('phone_number');
    expect(records.map((r) => [r.phone_number, new Date(r.opted_in_at).toISOString(), r.method, r.source, r.consent_language, r.subaccount_id])).toEqual([
      [a, '2026-02-01T09:00:00.000Z', 'WebForm', 'https://example.com/join', 'en-US', s1],
      [c, '2026-03-01T00:00:00.000Z', 'Keyword', '=sheet', null, s1],
    ]);
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await h.stored();
    const again = await h.call('importOptInRecords', admin, { route: onS1, file });
    expect(again.rows.map((r) => r.result)).toEqual(['already_exists', 'already_exists', 'duplicate_in_file', 'invalid', 'invalid', 'already_exists']);
    expect(await h.stored()).toEqual(before);
  });

  it('keeps records of each base apart: the same file through another base creates its own', async () => {
    const one = csvFile(HEADER, [`${a},2026-02-01T09:00:00Z,WebForm,,`]);
    expect((await h.call('importOptInRecords', admin, { route: subaccountRoute(accountId, s2), file: one })).created).toBe(1);
    expect((await h.call('importOptInRecords', admin, { route: onAccount, file: one })).created).toBe(1);
    expect((await h.call('importOptInRecords', admin, { route: onAccount, file: one })).alreadyExists).toBe(1);
    const entry = (await h.entries(accountId)).filter((e) => e.action === 'evidence_recorded').at(-1)!;
    expect(entry).toMatchObject({ scope: 'entireAccount', subaccount_id: null });
  });

  it('never lifts an opt-out', async () => {
    const recipient = phone();
    await h.call('recordOptOut', admin, { route: onS1, recipient, channelType: 'Sms' });
    const optOuts = await h.optOuts(accountId);
    const answer = await h.call('importOptInRecords', admin, { route: onS1, file: csvFile(HEADER, [`${recipient},2026-02-01T09:00:00Z,WebForm,,`]) });
    expect(answer.created).toBe(1);
    expect(await h.optOuts(accountId)).toEqual(optOuts);
    expect(await h.call('checkSendPermission', messaging, { accountId, subaccountId: s1, recipient, channelType: 'Sms' })).toMatchObject({ allowed: false });
  });

  it('holds method to the limit POST .../opt-in-records has: 100 characters stored, 101 an invalid row', async () => {
    const method = 'm'.repeat(100);
    const answer = await h.call('importOptInRecords', admin, {
      route: onS1,
      file: csvFile(HEADER, [`${phone()},2026-02-01T09:00:00Z,${method},,`, `${phone()},2026-02-01T09:00:00Z,${method}m,,`]),
    });
    expect(answer.rows).toEqual([
      { row: 1, result: 'created', errors: [] },
      { row: 2, result: 'invalid', errors: ['method must be at most 100 characters'] },
    ]);
    const error = await refusal(h.call('createOptInRecord', admin, { route: onS1, phoneNumber: phone(), optedInAt: '2026-02-01T09:00:00Z', method: `${method}m` }));
    expect(error.extensions.errors).toEqual({ method: ['must be at most 100 characters'] });
  });

  it('refuses what an opt-out file or no file is, and a reading key, storing nothing', async () => {
    const before = await h.stored();
    for (const bad of [csvFile('recipient,channel', [`${phone()},Sms`]), Buffer.alloc(0)]) {
      expect((await refusal(h.call('importOptInRecords', admin, { route: onS1, file: bad }))).code).toBe('CONSENT_IMPORT_INVALID');
    }
    expect((await refusal(h.call('importOptInRecords', readKey, { route: onS1, file }))).code).toBe('FORBIDDEN');
    expect(await h.stored()).toEqual(before);
  });
});

describe('CreateOptInRecord of a record already stored', () => {
  it('writes nothing and answers the stored record', async () => {
    const phoneNumber = phone();
    const request = { route: onS1, phoneNumber, optedInAt: '2026-04-01T00:00:00Z', method: 'Verbal', source: 'call' };
    const first = await h.call('createOptInRecord', admin, request);
    const before = await h.stored();
    const again = await h.call('createOptInRecord', admin, { ...request, source: 'another call' });
    expect(again.record).toEqual(first.record);
    expect(await h.stored()).toEqual(before);
    // Through another base it is another record.
    expect((await h.call('createOptInRecord', admin, { ...request, route: onAccount })).record!.recordId).not.toBe(first.record!.recordId);
  });
});
