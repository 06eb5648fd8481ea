import { ApiClient, type ApiResponse } from './support/api-client';
import { sandboxNumber, signUp, type SignedUpUser } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let key: string;
let clinic: string;
let lab: string;
/** Ids sent in beforeAll, oldest first. */
const sent: { account: string[]; clinic: string[]; lab: string[] } = { account: [], clinic: [], lab: [] };
let startedAt: number;

const clockNow = async () => new Date((await api.get('/v1/sandbox/clock')).body.now).getTime();

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'listing');
  await sandboxNumber(api, user.accessToken);
  key = (await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'lister' } })).body.key;
  const sub = async (name: string) => (await api.post(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken, body: { name } })).body.subaccountId as string;
  clinic = await sub('Clinic');
  lab = await sub('Lab');
  startedAt = await clockNow();
  const send = async (path: string, clientReference: string) => {
    const res = await api.post(path, { apiKey: key, body: { to: '+14155550170', body: 'listing', clientReference } });
    if (res.status !== 201) throw new Error(`send: ${res.text}`);
    await api.post('/v1/sandbox/clock/advance', { apiKey: key, body: { seconds: 10 } });
    return res.body.messageId as string;
  };
  for (let i = 0; i < 3; i += 1) sent.account.push(await send(`/v1/accounts/${user.accountId}/messages`, `acct-${i}`));
  for (let i = 0; i < 4; i += 1) sent.clinic.push(await send(`/v1/subaccounts/${clinic}/messages`, `clinic-${i}`));
  sent.lab.push(await send(`/v1/subaccounts/${lab}/messages`, 'lab-0'));
}, 90_000);

const list = (query = '', auth: { apiKey?: string; token?: string } = { apiKey: key }, path = `/v1/accounts/${user.accountId}/messages`) =>
  api.get(`${path}${query}`, auth);
const idsOf = (res: ApiResponse) => (res.body.items as Array<{ messageId: string }>).map((m) => m.messageId);
const allNewestFirst = () => [...sent.account, ...sent.clinic, ...sent.lab].reverse();

describe('GET /v1/accounts/{accountId}/messages (DECISIONS "Messages")', () => {
  it('lists the account\'s messages newest first, with their history, 50 to a page by default', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(allNewestFirst());
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.items[0]).toMatchObject({ messageId: sent.lab[0], subaccountId: lab, clientReference: 'lab-0', destination: '+14155550170' });
    expect(res.body.items[0].auditTrail[0]).toMatchObject({ event: 'accepted' });
  });

  it('pages with the cursor across every message, without duplicates or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: ApiResponse = await list(`?pageSize=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...idsOf(res));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(allNewestFirst());
  });

  it('filters by status, clientReference, subaccountId and date range (from inclusive, to exclusive)', async () => {
    expect(idsOf(await list(`?subaccountId=${clinic}`))).toEqual([...sent.clinic].reverse());
    expect(idsOf(await list('?clientReference=clinic-2'))).toEqual([sent.clinic[2]]);
    const queued = await list('?status=queued&pageSize=200');
    const delivered = await list('?status=delivered&pageSize=200');
    for (const m of queued.body.items) expect(m.status).toBe('queued');
    for (const m of delivered.body.items) expect(m.status).toBe('delivered');
    const other = await list('?status=canceled');
    expect(other.body).toEqual({ items: [], nextCursor: null });
    // Sends were 10 s apart from startedAt: [startedAt+10s, startedAt+30s) holds the 2nd and 3rd.
    const from = new Date(startedAt + 10_000).toISOString();
    const to = new Date(startedAt + 30_000).toISOString();
    expect(idsOf(await list(`?from=${from}&to=${to}`))).toEqual([sent.account[2], sent.account[1]]);
    // The cursor keeps the filters it was issued for.
    const first = await list(`?subaccountId=${clinic}&pageSize=2`);
    const second = await list(`?subaccountId=${clinic}&pageSize=2&cursor=${first.body.nextCursor}`);
    expect([...idsOf(first), ...idsOf(second)]).toEqual([...sent.clinic].reverse());
    expect(second.body.nextCursor).toBeNull();
  });

  it('shows a caller limited to a subaccount only that subaccount\'s messages, on both routes', async () => {
    const limited = (await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'clinic only', subaccountId: clinic } })).body.key;
    expect(idsOf(await list('', { apiKey: limited }))).toEqual([...sent.clinic].reverse());
    expect(idsOf(await list('', { apiKey: limited }, `/v1/subaccounts/${clinic}/messages`))).toEqual([...sent.clinic].reverse());
    for (const res of [await list(`?subaccountId=${lab}`, { apiKey: limited }), await list('', { apiKey: limited }, `/v1/subaccounts/${lab}/messages`)]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
  });

  it('lists a subaccount on its own route for an account-wide caller', async () => {
    const res = await list('?pageSize=200', { token: user.accessToken }, `/v1/subaccounts/${lab}/messages`);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual(sent.lab);
  });

  it('needs the ReadMessages right and never shows another account', async () => {
    const sender = (await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'sender', rights: ['SendMessages'] } })).body.key;
    const forbidden = await list('', { apiKey: sender });
    expect(forbidden.status).toBe(403);
    const stranger = await signUp(api, 'stranger');
    const other = await list('', { token: stranger.accessToken });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NOT_FOUND');
    const own = await list('', { token: stranger.accessToken }, `/v1/accounts/${stranger.accountId}/messages`);
    expect(own.body).toEqual({ items: [], nextCursor: null });
  });

  it.each([
    ['pageSize 0', '?pageSize=0', 'pageSize'],
    ['pageSize 201', '?pageSize=201', 'pageSize'],
    ['pageSize abc', '?pageSize=abc', 'pageSize'],
    ['an empty date range', '?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
    ['from = to', '?from=2026-01-02T00:00:00Z&to=2026-01-02T00:00:00Z', 'to'],
    ['a malformed from', '?from=yesterday', 'from'],
    ['an unknown status', '?status=sent', 'status'],
    ['a subaccountId that is no UUID', '?subaccountId=abc', 'subaccountId'],
    ['a made-up cursor', '?cursor=not-a-cursor', 'cursor'],
  ])('%s: 400 VALIDATION_FAILED naming the field, nothing changed', async (_name, query, field) => {
    const before = await countRows(booted.platform, 'messaging', 'messages', { account_id: user.accountId });
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, instance: `/v1/accounts/${user.accountId}/messages` });
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.type).toMatch(/\/problems\/validation-failed$/);
    expect(await countRows(booted.platform, 'messaging', 'messages', { account_id: user.accountId })).toBe(before);
  });

  it('refuses a cursor used with other filters or in another account\'s list', async () => {
    const { nextCursor } = (await list('?pageSize=2')).body;
    const refiltered = await list(`?pageSize=2&status=queued&cursor=${nextCursor}`);
    expect(refiltered.status).toBe(400);
    expect(refiltered.body.errors).toEqual({ cursor: ['is not a valid cursor for this list'] });
    const stranger = await signUp(api, 'cursor-thief');
    const stolen = await list(`?cursor=${nextCursor}`, { token: stranger.accessToken }, `/v1/accounts/${stranger.accountId}/messages`);
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('VALIDATION_FAILED');
  });
});
