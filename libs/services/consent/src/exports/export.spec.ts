import { randomUUID } from 'node:crypto';
import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { csvFile, numbersFrom, seedOptOutsInBulk } from '../testing/csv-files';
import { accountRoute, principalsOf, refusal, startConsentHarness, subaccountRoute, type ConsentHarness } from '../testing/consent-harness';

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

const OPT_OUT_HEADER = 'recipient,channel,scope,subaccount_id,reason,source,created_at';
const RECORD_HEADER = 'phone_number,opted_in_at,method,source,consent_language,subaccount_id,created_at';
type ExportMethod = 'exportOptOuts' | 'exportOptInRecords';

/** Every page of an export as the gateway fetches them: the first without a cursor, then each next_cursor until none. */
async function exportAll(method: ExportMethod, principal: Principal, route: consentV1.ConsentRoute) {
  const pages: consentV1.CsvPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await h.call(method, principal, { route, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return { pages, text: pages.map((p) => p.csv.toString('utf8')).join(''), truncated: pages[0].truncated };
}
const linesOf = (text: string) => text.split('\r\n').filter((line) => line !== '');

describe('ExportOptOuts (spec 4.7 rule 6)', () => {
  const accountId = randomUUID();
  const [s1, s2] = [randomUUID(), randomUUID()];
  const { admin, readKey } = principalsOf(accountId, s1);
  const onS1 = subaccountRoute(accountId, s1);
  const [a, b, c, d] = numbersFrom(7_000_000, 4);

  beforeAll(async () => {
    await h.call('recordOptOut', admin, { route: onS1, recipient: a, channelType: 'Sms', reason: '=HYPERLINK("http://x")' });
    h.clock.advance(1);
    await h.call('importOptOuts', admin, { route: onS1, file: csvFile('recipient,channel,reason', [`${b},WhatsApp,"said ""no"", twice"`, 'Bo@Example.com,Email,-ok']) });
    h.clock.advance(1);
    await h.call('recordOptOut', admin, { route: subaccountRoute(accountId, s2), recipient: c, channelType: 'Sms' });
    await h.call('recordOptOut', admin, { route: accountRoute(accountId), recipient: d, channelType: 'Sms', scope: 'entireAccount' });
  });

  it("writes the header, then the route's opt-outs oldest first, cells a spreadsheet could run behind an apostrophe", async () => {
    const page = await h.call('exportOptOuts', readKey, { route: onS1 });
    expect(page.nextCursor).toBeUndefined();
    expect(page.truncated).toBe(false);
    const stored = await h.optOuts(accountId);
    const byRecipient = (r: string) => stored.find((o) => o.recipient === r)!;
    const at = (r: string) => new Date(byRecipient(r).created_at).toISOString();
    // The two imported rows share created_at: the id decides their order.
    const imported = [byRecipient('bo@example.com'), byRecipient(b)].sort((x, y) => (x.id < y.id ? -1 : 1));
    const importedLines: Record<string, string> = {
      [byRecipient('bo@example.com').id]: `bo@example.com,Email,subaccount,${s1},'-ok,import,${at(b)}`,
      [byRecipient(b).id]: `'${b},WhatsApp,subaccount,${s1},"said ""no"", twice",import,${at(b)}`,
    };
    expect(at(a) < at(b)).toBe(true);
    expect(page.csv.toString('utf8')).toBe(
      [
        OPT_OUT_HEADER,
        `'${a},Sms,subaccount,${s1},"'=HYPERLINK(""http://x"")",customer,${at(a)}`,
        ...imported.map((o) => importedLines[o.id]),
      ]
        .map((line) => `${line}\r\n`)
        .join(''),
    );
  });

  it('exports on the account route every opt-out of the account, as its list shows them', async () => {
    const { text } = await exportAll('exportOptOuts', admin, accountRoute(accountId));
    const lines = linesOf(text);
    expect(lines[0]).toBe(OPT_OUT_HEADER);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual(
      expect.arrayContaining([`'${a},Sms,subaccount`, `'${b},WhatsApp,subaccount`, 'bo@example.com,Email,subaccount', `'${c},Sms,subaccount`, `'${d},Sms,entireAccount`]),
    );
    expect(lines).toHaveLength(6);
    const list = await h.call('listOptOuts', admin, { route: accountRoute(accountId), pageSize: '200' });
    expect(list.items).toHaveLength(5);
  });

  it('writes only the header when there is nothing to export', async () => {
    const page = await h.call('exportOptOuts', admin, { route: subaccountRoute(accountId, randomUUID()) });
    expect(page).toEqual({ csv: Buffer.from(`${OPT_OUT_HEADER}\r\n`), nextCursor: undefined, truncated: false });
  });

  it('imports back unchanged: every row of the export already exists, nothing stored', async () => {
    const exported = await exportAll('exportOptOuts', readKey, onS1);
    const before = await h.stored();
    const back = await h.call('importOptOuts', admin, { route: onS1, file: Buffer.from(exported.text, 'utf8') });
    expect(back).toMatchObject({ created: 0, alreadyExists: 3, duplicateInFile: 0, invalid: 0 });
    expect(await h.stored()).toEqual(before);
  });
});

describe('an export of many rows (spec 8: at most 10,000)', () => {
  const accountId = randomUUID();
  const [big, other] = [randomUUID(), randomUUID()];
  const { admin } = principalsOf(accountId, big);
  const onBig = subaccountRoute(accountId, big);
  const numbers = numbersFrom(1_000_000, 10_001);

  beforeAll(async () => {
    await seedOptOutsInBulk(h.db, { account_id: accountId, subaccount_id: big, scope: 'subaccount', recipients: numbers.slice(0, 10_000), created_at: h.clock.now() });
  });

  it('pages 10,000 rows by 1,000, the header once, and is not truncated', async () => {
    const { pages, text, truncated } = await exportAll('exportOptOuts', admin, onBig);
    expect(truncated).toBe(false);
    expect(pages.map((p) => linesOf(p.csv.toString('utf8')).length)).toEqual([1001, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
    expect(pages.map((p) => p.truncated)).toEqual(Array(10).fill(false));
    const lines = linesOf(text);
    expect(lines.filter((line) => line === OPT_OUT_HEADER)).toHaveLength(1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0]))).toEqual(new Set(numbers.slice(0, 10_000).map((n) => `'${n}`)));
  });

  it('with 10,001 rows: truncated on the first page, and the 10,000 oldest written', async () => {
    h.clock.advance(1);
    await h.call('recordOptOut', admin, { route: onBig, recipient: numbers[10_000], channelType: 'Sms' });
    const { pages, text, truncated } = await exportAll('exportOptOuts', admin, onBig);
    expect(truncated).toBe(true);
    expect(pages.slice(1).map((p) => p.truncated)).toEqual(Array(9).fill(false));
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
    const lines = linesOf(text);
    expect(lines).toHaveLength(10_001);
    expect(text).not.toContain(numbers[10_000]);
  });

  it('imports its own export of 10,000 rows back: all already exist', async () => {
    const { text } = await exportAll('exportOptOuts', admin, onBig);
    const before = await h.stored();
    const back = await h.call('importOptOuts', admin, { route: onBig, file: Buffer.from(text, 'utf8') });
    expect(back).toMatchObject({ created: 0, alreadyExists: 10_000, invalid: 0, duplicateInFile: 0 });
    expect(await h.stored()).toEqual(before);
  });

  it('refuses a cursor that is not one of this export’s with VALIDATION_FAILED naming cursor', async () => {
    const first = await h.call('exportOptOuts', admin, { route: onBig });
    const cursor = first.nextCursor!;
    const second = await h.call('exportOptOuts', admin, { route: onBig, cursor });
    expect(second.csv.toString('utf8').startsWith(OPT_OUT_HEADER)).toBe(false);
    const edited = Buffer.from(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^1000\./, '9000.')).toString('base64url');
    const wrong: Array<[string, consentV1.ExportPageRequest, ExportMethod]> = [
      ['not a cursor', { route: onBig, cursor: 'nope' }, 'exportOptOuts'],
      ['another subaccount', { route: subaccountRoute(accountId, other), cursor }, 'exportOptOuts'],
      ['the account route', { route: accountRoute(accountId), cursor }, 'exportOptOuts'],
      ['the evidence export', { route: onBig, cursor }, 'exportOptInRecords'],
      ['a written count edited', { route: onBig, cursor: edited }, 'exportOptOuts'],
    ];
    for (const [what, request, method] of wrong) {
      const error = await refusal(h.call(method, admin, request));
      expect({ what, code: error.code, fields: Object.keys((error.extensions as { errors: object }).errors) }).toEqual({ what, code: 'VALIDATION_FAILED', fields: ['cursor'] });
    }
  });
});

describe('ExportOptInRecords (spec 4.7 rule 6)', () => {
  const accountId = randomUUID();
  const s1 = randomUUID();
  const { admin, readKey } = principalsOf(accountId, s1);
  const onS1 = subaccountRoute(accountId, s1);
  const [a, b] = numbersFrom(8_000_000, 2);

  it('writes the header and the records oldest first, protected, and imports back unchanged', async () => {
    const first = await h.call('createOptInRecord', admin, { route: onS1, phoneNumber: a, optedInAt: '2026-02-01T09:00:00Z', method: 'WebForm', source: 'site', consentLanguage: 'en-US' });
    h.clock.advance(1);
    await h.call('importOptInRecords', admin, { route: onS1, file: csvFile('phone_number,opted_in_at,method,source', [`${b},2026-02-02T09:00:00.5Z,Keyword,@form`]) });
    const imported = await h.db('opt_in_records').where({ account_id: accountId, phone_number: b }).first();
    await h.call('createOptInRecord', admin, { route: accountRoute(accountId), phoneNumber: b, optedInAt: '2026-02-01T09:00:00Z', method: 'WebForm' });

    const { pages, text } = await exportAll('exportOptInRecords', readKey, onS1);
    expect(pages).toHaveLength(1);
    expect(text).toBe(
      [
        RECORD_HEADER,
        `'${a},2026-02-01T09:00:00.000Z,WebForm,site,en-US,${s1},${first.record!.createdAt}`,
        `'${b},2026-02-02T09:00:00.500Z,Keyword,'@form,,${s1},${new Date(imported.created_at).toISOString()}`,
      ]
        .map((line) => `${line}\r\n`)
        .join(''),
    );
    expect(linesOf((await exportAll('exportOptInRecords', readKey, accountRoute(accountId))).text)).toHaveLength(4);

    const before = await h.stored();
    const back = await h.call('importOptInRecords', admin, { route: onS1, file: Buffer.from(text, 'utf8') });
    expect(back).toMatchObject({ created: 0, alreadyExists: 2, invalid: 0, duplicateInFile: 0 });
    expect(await h.stored()).toEqual(before);
  });
});
