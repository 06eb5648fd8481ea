import { createHash, randomUUID } from 'node:crypto';
import { MAX_IMPORT_BYTES } from '../csv/consent-csv-limits';
import { csvFile, numbersFrom } from '../testing/csv-files';
import { accountRoute, principalsOf, refusal, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';

const accountId = randomUUID();
const s1 = randomUUID();
const { admin, manageKey } = principalsOf(accountId, s1);
const onS1 = subaccountRoute(accountId, s1);
const onAccount = accountRoute(accountId);
const messaging = { kind: 'service' as const, accountId: '', service: 'messaging' };

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

let n = 0;
const phone = () => `+1555${String(4000000 + n++)}`;
const sha256 = (file: Buffer) => createHash('sha256').update(file).digest('hex');

describe('ImportOptOuts (spec 4.7 rule 5)', () => {
  const [r0, r1, r2, r3] = [phone(), phone(), phone(), phone()];
  const file = csvFile('recipient,channel,reason', [
    `${r1},Sms,paper form`,
    `${r0},sms,`,
    'not-a-number,Sms,',
    `${r1},Sms,again`,
    'Ann@Example.COM,Email,',
    `${r2},Fax,`,
    // As an export writes them: the protective apostrophes are removed on import.
    `'${r3},WhatsApp,'=cmd`,
  ]);

  it('answers one result per row in file order, with the counts and the SHA-256 of the file', async () => {
    await h.call('recordOptOut', admin, { route: onS1, recipient: r0, channelType: 'Sms' });
    const before = await h.stored();
    const entriesBefore = (await h.entries(accountId)).length;

    const answer = await h.call('importOptOuts', admin, { route: onS1, file });

    expect(answer).toEqual({
      sha256: sha256(file),
      rows: [
        { row: 1, result: 'created', errors: [] },
        { row: 2, result: 'already_exists', errors: [] },
        { row: 3, result: 'invalid', errors: ['recipient must be an E.164 number (such as +14155550100) for Sms'] },
        { row: 4, result: 'duplicate_in_file', errors: ['repeats row 1'] },
        { row: 5, result: 'created', errors: [] },
        { row: 6, result: 'invalid', errors: ['channel must be one of Sms, WhatsApp, Email'] },
        { row: 7, result: 'created', errors: [] },
      ],
      created: 3,
      alreadyExists: 1,
      duplicateInFile: 1,
      invalid: 2,
    });
    // One ledger entry and one projection row per created row, in file order; no consent event.
    const entries = (await h.entries(accountId)).slice(entriesBefore);
    expect(entries.map((e) => [e.recipient, e.channel_type, e.reason])).toEqual([
      [r1, 'Sms', 'paper form'],
      ['ann@example.com', 'Email', null],
      [r3, 'WhatsApp', '=cmd'],
    ]);
    for (const e of entries) {
      expect(e).toMatchObject({ action: 'opted_out', source: 'import', scope: 'subaccount', subaccount_id: s1, actor: admin.userId, receiving_number: null, lifted_entry_ids: [] });
    }
    const rows = (await h.optOuts(accountId)).filter((o) => entries.some((e) => e.entry_id === o.entry_id));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ source: 'import', scope: 'subaccount', subaccount_id: s1, receiving_number: null });
    expect(await h.stored()).toEqual({ ...before, entries: before.entries + 3, optOuts: before.optOuts + 3 });
  });

  it('changes nothing when the same file comes again: every valid row already exists', async () => {
    const before = await h.stored();
    const again = await h.call('importOptOuts', manageKey, { route: onS1, file });
    expect(again.rows.map((r) => r.result)).toEqual(['already_exists', 'already_exists', 'invalid', 'duplicate_in_file', 'already_exists', 'invalid', 'already_exists']);
    expect(again).toMatchObject({ sha256: sha256(file), created: 0, alreadyExists: 4, duplicateInFile: 1, invalid: 2 });
    expect(await h.stored()).toEqual(before);
  });

  it('stores opt-outs that block like any other and that the customer can lift; it lifts nothing itself', async () => {
    const recipient = phone();
    await h.call('recordOptOut', admin, { route: onAccount, recipient, channelType: 'Sms', scope: 'accountLevelOnly' });
    await h.call('importOptOuts', admin, { route: onS1, file: csvFile('recipient,channel', [`${recipient},Sms`]) });
    // The account-level opt-out is still there beside the imported one.
    expect((await h.optOuts(accountId)).filter((o) => o.recipient === recipient).map((o) => o.scope).sort()).toEqual(['accountLevelOnly', 'subaccount']);
    const ask = () => h.call('checkSendPermission', messaging, { accountId, subaccountId: s1, recipient, channelType: 'Sms' });
    expect(await ask()).toMatchObject({ allowed: false });
    const lifted = await h.call('optIn', admin, { route: onS1, recipient, channelType: 'Sms', consentConfirmed: true, consentMethod: 'Written', consentEvidence: 'letter' });
    expect(lifted.lifted.map((o) => o.source)).toEqual(['import']);
    expect(await ask()).toMatchObject({ allowed: true });
  });

  describe('the scope (spec 4.7 rule 1)', () => {
    const one = () => csvFile('recipient,channel', [`${phone()},Sms`]);

    it('is required on account routes: RECIPIENT_OPT_OUT_SCOPE_REQUIRED naming scope, nothing stored', async () => {
      const before = await h.stored();
      const error = await refusal(h.call('importOptOuts', admin, { route: onAccount, file: one() }));
      expect(error.code).toBe('RECIPIENT_OPT_OUT_SCOPE_REQUIRED');
      expect(Object.keys((error.extensions as { errors: object }).errors)).toEqual(['scope']);
      expect(await h.stored()).toEqual(before);
    });

    it.each(['subaccount', 'accountWide', 'stopReply', 'ENTIREACCOUNT'])('refuses scope %s on an account route with VALIDATION_FAILED naming scope, nothing stored', async (scope) => {
      const before = await h.stored();
      const error = await refusal(h.call('importOptOuts', admin, { route: onAccount, scope, file: one() }));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys((error.extensions as { errors: object }).errors)).toEqual(['scope']);
      expect(await h.stored()).toEqual(before);
    });

    it('is refused on subaccount routes with VALIDATION_FAILED naming scope, nothing stored', async () => {
      const before = await h.stored();
      const error = await refusal(h.call('importOptOuts', admin, { route: onS1, scope: 'entireAccount', file: one() }));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect((error.extensions as { errors: Record<string, string[]> }).errors.scope).toEqual(['is not accepted on subaccount routes (their opt-outs have scope subaccount)']);
      expect(await h.stored()).toEqual(before);
    });

    it('places every row of an account import at the query scope, each scope its own opt-out', async () => {
      const file = one();
      const recipient = file.toString('utf8').split('\r\n')[1].split(',')[0];
      expect((await h.call('importOptOuts', admin, { route: onAccount, scope: 'entireAccount', file })).created).toBe(1);
      expect((await h.call('importOptOuts', admin, { route: onAccount, scope: 'accountLevelOnly', file })).created).toBe(1);
      expect((await h.call('importOptOuts', admin, { route: onAccount, scope: 'entireAccount', file })).alreadyExists).toBe(1);
      const placed = (await h.optOuts(accountId)).filter((o) => o.recipient === recipient);
      expect(placed.map((o) => [o.scope, o.subaccount_id, o.source]).sort()).toEqual([
        ['accountLevelOnly', null, 'import'],
        ['entireAccount', null, 'import'],
      ]);
      // An entireAccount import blocks every subaccount.
      expect(await h.call('checkSendPermission', messaging, { accountId, subaccountId: randomUUID(), recipient, channelType: 'Sms' })).toMatchObject({ allowed: false });
    });
  });

  describe('a file that cannot be imported: CONSENT_IMPORT_INVALID, nothing stored', () => {
    const numbers = numbersFrom(5_000_000, 10_001);
    it.each([
      ['10,001 rows', csvFile('recipient,channel', numbers.map((r) => `${r},Sms`))],
      ['more than 5 MB', csvFile('recipient,channel,reason', [`${phone()},Sms,${'x'.repeat(MAX_IMPORT_BYTES)}`])],
      ['a missing column', csvFile('recipient,reason', [`${phone()},x`])],
      ['an unknown column', csvFile('recipient,channel,colour', [`${phone()},Sms,red`])],
      ['not UTF-8', Buffer.from([0x72, 0x65, 0xff, 0xfe, 0x0d, 0x0a])],
      ['an empty file', Buffer.alloc(0)],
    ])('%s', async (_what, file) => {
      const before = await h.stored();
      for (const route of [onS1, onAccount]) {
        const error = await refusal(h.call('importOptOuts', admin, { route, scope: route === onAccount ? 'entireAccount' : undefined, file }));
        expect(error.code).toBe('CONSENT_IMPORT_INVALID');
      }
      expect(await h.stored()).toEqual(before);
    });

    it('takes 10,000 rows, the most a file may hold, in one import', async () => {
      const before = await h.stored();
      const file = csvFile('recipient,channel,reason', numbers.slice(0, 10_000).map((r, i) => `${r},Sms,row ${i + 1}`));
      const answer = await h.call('importOptOuts', admin, { route: onAccount, scope: 'accountLevelOnly', file });
      expect(answer).toMatchObject({ created: 10_000, alreadyExists: 0, duplicateInFile: 0, invalid: 0 });
      expect(answer.rows.map((r) => r.row)).toEqual(numbers.slice(0, 10_000).map((_, i) => i + 1));
      expect(await h.stored()).toEqual({ ...before, entries: before.entries + 10_000, optOuts: before.optOuts + 10_000 });
      const last = (await h.entries(accountId)).at(-1)!;
      expect(last).toMatchObject({ recipient: numbers[9_999], reason: 'row 10000' });
    });
  });
});
