import { randomUUID } from 'node:crypto';
import { messageReceived, principalsOf, refusal, startConsentHarness, subaccountRoute, accountRoute, type ConsentHarness } from '../testing/consent-harness';

const accountId = randomUUID();
const s1 = randomUUID();
const s2 = randomUUID();
const { admin, readKey } = principalsOf(accountId, s1);
const onS1 = subaccountRoute(accountId, s1);
const onAccount = accountRoute(accountId);
const R = '+15556000001';

let h: ConsentHarness;
const recorded: string[] = [];

beforeAll(async () => {
  h = await startConsentHarness();
  const record = async (route: typeof onS1, recipient: string, channelType: string, scope?: string) => {
    recorded.push((await h.call('recordOptOut', admin, { route, recipient, channelType, scope })).optOut!.optOutId);
    h.clock.advance(1);
  };
  await record(onS1, R, 'Sms');
  await record(onS1, R, 'WhatsApp');
  await record(subaccountRoute(accountId, s2), R, 'Sms');
  await record(onAccount, R, 'Sms', 'entireAccount');
  await record(onAccount, '+15556000002', 'Sms', 'accountLevelOnly');
  await record(onS1, 'cy@example.com', 'Email');
  await h.reply(messageReceived({ accountId, subaccountId: s1, from: '+15556000003', to: '+15550000001', keyword: 'Stop' }));
  // Another account's opt-out never shows.
  const other = randomUUID();
  await h.call('recordOptOut', principalsOf(other, s1).admin, { route: accountRoute(other), recipient: R, channelType: 'Sms', scope: 'entireAccount' });
});
afterAll(() => h?.close());

const list = (request: Omit<Parameters<ConsentHarness['handlers']['listOptOuts']>[0], 'route'>, route = onAccount) =>
  h.call('listOptOuts', readKey, { route, ...request });

describe('ListOptOuts', () => {
  it('on the account route: every opt-out of the account, newest first, each with scope and subaccountId', async () => {
    const { items, nextCursor } = await list({});
    const described = items.map((o) => `${o.scope}:${o.channelType}:${o.subaccountId ?? '-'}`);
    // The STOP's two rows share their time (their order is by id).
    expect(described.slice(0, 2).sort()).toEqual([`stopReply:Sms:${s1}`, `stopReply:WhatsApp:${s1}`]);
    expect(described.slice(2)).toEqual([
      `subaccount:Email:${s1}`,
      'accountLevelOnly:Sms:-',
      'entireAccount:Sms:-',
      `subaccount:Sms:${s2}`,
      `subaccount:WhatsApp:${s1}`,
      `subaccount:Sms:${s1}`,
    ]);
    expect(nextCursor).toBeUndefined();
    expect(items.every((o) => o.accountId === accountId && o.entryId)).toBe(true);
  });

  it("on a subaccount route: that subaccount's opt-outs only (its STOP replies included)", async () => {
    const { items } = await list({}, onS1);
    expect(items.map((o) => o.subaccountId)).toEqual([s1, s1, s1, s1, s1]);
    expect(items.map((o) => o.scope).sort()).toEqual(['stopReply', 'stopReply', 'subaccount', 'subaccount', 'subaccount']);
  });

  it('filters by recipient (canonical) and channelType', async () => {
    expect((await list({ recipient: R, channelType: 'Sms' })).items.map((o) => o.scope)).toEqual(['entireAccount', 'subaccount', 'subaccount']);
    expect((await list({ recipient: ' CY@Example.com ' })).items.map((o) => o.recipient)).toEqual(['cy@example.com']);
    expect((await list({ channelType: 'WhatsApp' }, onS1)).items).toHaveLength(2);
  });

  it('pages with a cursor bound to its list', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ pageSize: '3', cursor });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((o) => o.optOutId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect(seen).toEqual((await list({ pageSize: '200' })).items.map((o) => o.optOutId));

    const first = await list({ pageSize: '1' });
    // Taken to another list (another filter, the subaccount route): refused.
    for (const [request, route] of [
      [{ cursor: first.nextCursor, channelType: 'Sms' }, onAccount],
      [{ cursor: first.nextCursor }, onS1],
    ] as const) {
      const error = await refusal(list(request, route));
      expect(error.extensions.errors).toEqual({ cursor: ['is not a valid cursor for this list'] });
    }
  });

  it.each([
    [{ pageSize: '0' }, ['pageSize']],
    [{ pageSize: '201' }, ['pageSize']],
    [{ pageSize: 'ten' }, ['pageSize']],
    [{ cursor: 'garbage' }, ['cursor']],
    [{ channelType: 'Fax', pageSize: '-1', cursor: 'x' }, ['channelType', 'cursor', 'pageSize']],
  ])('%p: 400 VALIDATION_FAILED naming %p', async (request, fields) => {
    const error = await refusal(list(request));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.extensions.errors!).sort()).toEqual(fields);
  });

  it('the ids recorded are the ones listed', async () => {
    expect((await list({})).items.map((o) => o.optOutId)).toEqual(expect.arrayContaining(recorded));
  });
});
