import { randomUUID } from 'node:crypto';
import type { Principal } from '@mp/grpc';
import { accountRoute, principalsOf, refusal, startConsentHarness, subaccountRoute, unknownSubaccountRoute, type ConsentHarness } from '../testing/consent-harness';

const accountId = randomUUID();
const s1 = randomUUID();
const s2 = randomUUID();
const cast = principalsOf(accountId, s1);
const stranger: Principal = { kind: 'user', accountId: randomUUID(), userId: randomUUID(), role: 'Admin' };
const s1KeyWithoutRights: Principal = { kind: 'api_key', accountId, apiKeyId: randomUUID(), rights: ['SendMessages'], subaccountId: s1 };
const principals: Record<string, Principal> = { ...cast, stranger, s1KeyWithoutRights };

let h: ConsentHarness;
beforeAll(async () => {
  h = await startConsentHarness();
});
afterAll(() => h?.close());

const routes = { S1: subaccountRoute(accountId, s1), S2: subaccountRoute(accountId, s2), account: accountRoute(accountId) };
type RouteName = keyof typeof routes;
let n = 0;
const phone = () => `+1555${String(2000000 + n++)}`;

/** A well-formed call of each method through one route, so the answer shows access alone. */
const calls = {
  listOptOuts: (p: Principal, r: RouteName) => h.call('listOptOuts', p, { route: routes[r] }),
  getPreferences: (p: Principal, r: RouteName) => h.call('getPreferences', p, { route: routes[r], recipient: phone() }),
  listOptInRecords: (p: Principal, r: RouteName) => h.call('listOptInRecords', p, { route: routes[r] }),
  recordOptOut: (p: Principal, r: RouteName) =>
    h.call('recordOptOut', p, { route: routes[r], recipient: phone(), channelType: 'Sms', scope: r === 'account' ? 'entireAccount' : undefined }),
  // Nothing to lift: RECIPIENT_NOT_OPTED_OUT shows the call got past access.
  optIn: (p: Principal, r: RouteName) =>
    h.call('optIn', p, { route: routes[r], recipient: phone(), channelType: 'Sms', consentConfirmed: true, consentMethod: 'WebForm', consentEvidence: 'form 7' }),
  createOptInRecord: (p: Principal, r: RouteName) =>
    h.call('createOptInRecord', p, { route: routes[r], phoneNumber: phone(), optedInAt: '2026-01-01T00:00:00Z', method: 'WebForm' }),
  exportOptOuts: (p: Principal, r: RouteName) => h.call('exportOptOuts', p, { route: routes[r] }),
  exportOptInRecords: (p: Principal, r: RouteName) => h.call('exportOptInRecords', p, { route: routes[r] }),
  importOptOuts: (p: Principal, r: RouteName) =>
    h.call('importOptOuts', p, { route: routes[r], scope: r === 'account' ? 'entireAccount' : undefined, file: Buffer.from(`recipient,channel\r\n${phone()},Sms\r\n`) }),
  importOptInRecords: (p: Principal, r: RouteName) =>
    h.call('importOptInRecords', p, { route: routes[r], file: Buffer.from(`phone_number,opted_in_at,method\r\n${phone()},2026-01-01T00:00:00Z,WebForm\r\n`) }),
};

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'NOT_FOUND' || code === 'FORBIDDEN' ? code : 'ok';
  }
}

const READ = ['listOptOuts', 'getPreferences', 'listOptInRecords', 'exportOptOuts', 'exportOptInRecords'] as const;
const CHANGE = ['recordOptOut', 'optIn', 'createOptInRecord', 'importOptOuts', 'importOptInRecords'] as const;

// principal -> [S1, S2, account] for reading, then for changing (spec 4.7 rule 4, 5.6).
const TABLE: Record<string, { read: string[]; change: string[] }> = {
  admin: { read: ['ok', 'ok', 'ok'], change: ['ok', 'ok', 'ok'] },
  manager: { read: ['ok', 'ok', 'ok'], change: ['ok', 'ok', 'ok'] },
  member: { read: ['ok', 'ok', 'ok'], change: ['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN'] },
  readKey: { read: ['ok', 'ok', 'ok'], change: ['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN'] },
  manageKey: { read: ['ok', 'ok', 'ok'], change: ['ok', 'ok', 'ok'] },
  plainKey: { read: ['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN'], change: ['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN'] },
  s1Admin: { read: ['ok', 'NOT_FOUND', 'NOT_FOUND'], change: ['ok', 'NOT_FOUND', 'NOT_FOUND'] },
  s1ManageKey: { read: ['ok', 'NOT_FOUND', 'NOT_FOUND'], change: ['ok', 'NOT_FOUND', 'NOT_FOUND'] },
  // Reach comes before rights: another subaccount is 404 even for a key that lacks the right.
  s1KeyWithoutRights: { read: ['FORBIDDEN', 'NOT_FOUND', 'NOT_FOUND'], change: ['FORBIDDEN', 'NOT_FOUND', 'NOT_FOUND'] },
  stranger: { read: ['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND'], change: ['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND'] },
};

const cases = Object.entries(TABLE).flatMap(([who, expected]) =>
  (['S1', 'S2', 'account'] as const).flatMap((route, i) => [
    ...READ.map((method) => ({ who, route, method, expected: expected.read[i] })),
    ...CHANGE.map((method) => ({ who, route, method, expected: expected.change[i] })),
  ]),
);

describe('who reaches which consent route (spec 4.7 rule 4, 5.6)', () => {
  it.each(cases)('$who, $method on the $route route: $expected', async ({ who, route, method, expected }) => {
    const before = await h.stored();
    expect(await outcome(calls[method](principals[who], route))).toBe(expected);
    if (expected !== 'ok') expect(await h.stored()).toEqual(before);
  });

  it('names the rights a key lacks', async () => {
    expect((await refusal(calls.listOptOuts(cast.plainKey, 'account'))).detail).toBe('The API key lacks the ReadRecipientConsent or ManageRecipientConsent right.');
    expect((await refusal(calls.recordOptOut(cast.readKey, 'account'))).detail).toBe('The API key lacks the ManageRecipientConsent right.');
    expect((await refusal(calls.recordOptOut(cast.member, 'S1'))).detail).toBe('Changing recipient consent needs the Admin or Manager role.');
  });

  it('answers 404 for a subaccount route without its subaccount, and for no route at all', async () => {
    expect((await refusal(h.call('listOptOuts', cast.admin, { route: { accountId, subaccountRoute: true } }))).code).toBe('NOT_FOUND');
    expect((await refusal(h.call('listOptOuts', cast.admin, { route: undefined }))).code).toBe('NOT_FOUND');
    expect((await refusal(h.call('listOptOuts', cast.admin, { route: subaccountRoute(accountId, 'not-a-uuid') }))).code).toBe('NOT_FOUND');
  });
});

describe('a subaccount route whose subaccount identity does not know (issue 10 point 5)', () => {
  const methods = [...READ, ...CHANGE];
  const unknownCall = (method: (typeof methods)[number], p: Principal, route: ReturnType<typeof unknownSubaccountRoute>) => {
    routes.S2 = route;
    return calls[method](p, 'S2');
  };
  afterEach(() => {
    routes.S2 = subaccountRoute(accountId, s2);
  });

  it.each(methods)('%s: 404 "Subaccount not found." for a random subaccount id, nothing stored, identity asked once as the caller', async (method) => {
    for (const p of [cast.admin, cast.manageKey]) {
      const before = await h.stored();
      const asked = h.clients.calls.length;
      const route = unknownSubaccountRoute(accountId);
      const error = await refusal(unknownCall(method, p, route));
      expect({ code: error.code, detail: error.detail }).toEqual({ code: 'NOT_FOUND', detail: 'Subaccount not found.' });
      expect(await h.stored()).toEqual(before);
      expect(h.clients.calls.slice(asked)).toEqual([
        { method: 'identity.getSendingStanding', request: { accountId, subaccountId: route.subaccountId }, options: { principal: p } },
      ]);
    }
  });

  it("is 404 for another account's subaccount too, though identity knows it", async () => {
    const other = randomUUID();
    const theirs = subaccountRoute(other, randomUUID());
    const error = await refusal(unknownCall('listOptOuts', cast.admin, { ...theirs, accountId }));
    expect(error.detail).toBe('Subaccount not found.');
  });

  it('is asked once per call on a known subaccount, and never on the account route or before reach and rights', async () => {
    const asked = h.clients.calls.length;
    await calls.listOptOuts(cast.readKey, 'S1');
    expect(h.clients.calls.length).toBe(asked + 1);
    await calls.listOptOuts(cast.readKey, 'account');
    await refusal(calls.listOptOuts(stranger, 'S1'));
    await refusal(calls.listOptOuts(cast.plainKey, 'S1'));
    expect(h.clients.calls.length).toBe(asked + 1);
  });
});
