import { ApiClient } from './support/api-client';
import { signUp, type SignedUpUser } from './support/journeys';
import { bootPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;

beforeAll(async () => {
  // The account's own sends (no subaccount) get a deployment-wide daily quota in this suite.
  booted = await bootPlatform({ ACCOUNT_DAILY_QUOTA: '2' });
  api = booted.api;
});
afterAll(() => booted.stop());

const messageRows = (accountId: string) => countRows(booted.platform, 'messaging', 'messages', { account_id: accountId });

async function subaccount(user: SignedUpUser, quotas: { dailyQuota: number | null; monthlyQuota: number | null }): Promise<string> {
  const res = await api.post(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken, body: { name: 'Quota', ...quotas } });
  expect(res.status).toBe(201);
  return res.body.subaccountId;
}

const sendVia = (user: SignedUpUser, subaccountId: string, extra: Record<string, unknown> = {}) =>
  api.post(`/v1/subaccounts/${subaccountId}/messages`, { token: user.accessToken, body: { to: '+14155550160', body: 'q', ...extra } });

/** Signs in again: advancing the clock by a day outlives the access token. */
async function signInAgain(user: SignedUpUser): Promise<SignedUpUser> {
  const login = await api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
  expect(login.status).toBe(200);
  return { ...user, ...login.body };
}

describe('sending quotas (spec 4.2, 8)', () => {
  it('counts accepted sends per subaccount, daily and monthly, and refuses the one over with 429 QUOTA_EXCEEDED', async () => {
    let user = await signUp(api, 'quota');
    const sub = await subaccount(user, { dailyQuota: 3, monthlyQuota: 5 });

    const fresh = await api.get(`/v1/quota/subaccounts/${sub}`, { token: user.accessToken });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      subaccountId: sub,
      daily: { limit: 3, used: 0, remaining: 3 },
      monthly: { limit: 5, used: 0, remaining: 5 },
    });

    expect((await sendVia(user, sub)).status).toBe(201);
    expect((await sendVia(user, sub)).status).toBe(201);
    // A scheduled send counts at acceptance.
    const now = new Date((await api.get('/v1/sandbox/clock')).body.now);
    const scheduled = await sendVia(user, sub, { sendAt: new Date(now.getTime() + 3600_000).toISOString() });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.status).toBe('scheduled');

    const before = await messageRows(user.accountId);
    const over = await sendVia(user, sub);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'QUOTA_EXCEEDED', status: 429, dailyRemaining: 0, monthlyRemaining: 2 });
    const untilMidnight = Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
    expect(over.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(over.body.retryAfterSeconds).toBeLessThanOrEqual(untilMidnight);
    expect(over.headers.get('retry-after')).toBe(String(over.body.retryAfterSeconds));
    expect(over.body.type).toMatch(/\/problems\/quota-exceeded$/);
    expect(await messageRows(user.accountId)).toBe(before);

    const spent = await api.get(`/v1/user/quota/subaccounts/${sub}`, { token: user.accessToken });
    expect(spent.body).toMatchObject({ daily: { used: 3, remaining: 0 }, monthly: { used: 3, remaining: 2 } });

    // The next UTC day the daily count starts again; the month's does not, unless the month turned too.
    await api.post('/v1/sandbox/clock/advance', { token: user.accessToken, body: { seconds: over.body.retryAfterSeconds } });
    user = await signInAgain(user);
    const nextDay = await api.get(`/v1/quota/subaccounts/${sub}`, { token: user.accessToken });
    expect(nextDay.body.daily).toMatchObject({ used: 0, remaining: 3 });
    const monthTurned = new Date(nextDay.body.monthly.resetsAt).getTime() - new Date((await api.get('/v1/sandbox/clock')).body.now).getTime() > 27 * 86400_000;
    if (!monthTurned) {
      expect(nextDay.body.monthly).toMatchObject({ used: 3, remaining: 2 });
      expect((await sendVia(user, sub)).status).toBe(201);
      expect((await sendVia(user, sub)).status).toBe(201);
      const monthOver = await sendVia(user, sub);
      expect(monthOver.status).toBe(429);
      expect(monthOver.body).toMatchObject({ code: 'QUOTA_EXCEEDED', dailyRemaining: 1, monthlyRemaining: 0 });
    }
  });

  it('accepts exactly the remaining sends when 100 race for 10', async () => {
    const user = await signUp(api, 'quota-race');
    const sub = await subaccount(user, { dailyQuota: 10, monthlyQuota: null });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => sendVia(user, sub, { clientReference: `race-${i}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.code === 'QUOTA_EXCEEDED' && r.body.monthlyRemaining === null)).toBe(true);
    expect(await messageRows(user.accountId)).toBe(10);
    const quota = await api.get(`/v1/quota/subaccounts/${sub}`, { token: user.accessToken });
    expect(quota.body).toMatchObject({ daily: { limit: 10, used: 10, remaining: 0 }, monthly: { limit: null, remaining: null } });
  });

  it("applies the account's own quota to sends with no subaccount", async () => {
    const user = await signUp(api, 'quota-account');
    const send = () => api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to: '+14155550161', body: 'a' } });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'QUOTA_EXCEEDED', dailyRemaining: 0, monthlyRemaining: null });
    expect(await messageRows(user.accountId)).toBe(2);
  });

  it('reports only subaccounts the caller reaches: others answer 404', async () => {
    const user = await signUp(api, 'quota-owner');
    const stranger = await signUp(api, 'quota-stranger');
    const theirs = await subaccount(stranger, { dailyQuota: 1, monthlyQuota: 1 });
    const mine = await subaccount(user, { dailyQuota: null, monthlyQuota: null });
    for (const path of [`/v1/quota/subaccounts/${theirs}`, '/v1/quota/subaccounts/not-a-uuid', '/v1/quota/subaccounts/00000000-0000-4000-8000-000000000000']) {
      const res = await api.get(path, { token: user.accessToken });
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
    }
    // A key limited to one subaccount reads only that one; the user route takes no keys.
    const other = await subaccount(user, { dailyQuota: 5, monthlyQuota: null });
    const key = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'limited', subaccountId: mine } });
    expect((await api.get(`/v1/quota/subaccounts/${mine}`, { apiKey: key.body.key })).status).toBe(200);
    expect((await api.get(`/v1/quota/subaccounts/${other}`, { apiKey: key.body.key })).status).toBe(404);
    const userRoute = await api.get(`/v1/user/quota/subaccounts/${mine}`, { apiKey: key.body.key });
    expect(userRoute.status).toBe(401);
  });
});
