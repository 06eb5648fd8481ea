import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, type SignedUpUser } from './support/journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/**
 * Numbers and number pools through the public API (spec 2.9, 4.5, DECISIONS
 * Numbers; issue 12 points 3 and 4): provisioning and releasing numbers,
 * pools and their refusals, and each strategy seen in real sends' `fromAddress`
 * over enough sends to tell them apart, with replies linking through the
 * pooled number.
 */
let booted: BootedPlatform;
let api: ApiClient;
let admin: SignedUpUser;
let other: SignedUpUser;
/** Keys of the admin's account: routing and sending, reading only, sending only. */
const keys: Record<'manage' | 'read' | 'plain', string> = { manage: '', read: '', plain: '' };
let otherKey: string;

async function login(who: SignedUpUser): Promise<string> {
  // Fresh each time: suites sharing this platform move the sandbox clock past a token's 15 minutes.
  const res = await api.post('/v1/auth/login', { body: { email: who.email, password: who.password } });
  if (res.status !== 200) throw new Error(`login: ${res.text}`);
  return res.body.accessToken;
}

async function createKey(owner: SignedUpUser, body: Record<string, unknown>): Promise<string> {
  const res = await api.post('/v1/api-keys', { token: await login(owner), body });
  if (res.status !== 201) throw new Error(`api key: ${res.text}`);
  return res.body.key;
}

async function subaccount(owner: SignedUpUser = admin): Promise<string> {
  const res = await api.post(`/v1/accounts/${owner.accountId}/subaccounts`, { token: await login(owner), body: { name: `Sub ${randomUUID().slice(0, 6)}` } });
  if (res.status !== 201) throw new Error(`subaccount: ${res.text}`);
  return res.body.subaccountId;
}

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  [admin, other] = await Promise.all([signUp(api, 'numbers'), signUp(api, 'numbers-other')]);
  await Promise.all([sandboxNumber(api, admin.accessToken), sandboxNumber(api, other.accessToken)]);
  keys.manage = await createKey(admin, { name: 'routing', rights: ['SendMessages', 'ReadMessages', 'ManageRouting'] });
  keys.read = await createKey(admin, { name: 'read', rights: ['ReadMessages'] });
  keys.plain = await createKey(admin, { name: 'plain', rights: ['SendMessages'] });
  otherKey = await createKey(other, { name: 'other', rights: ['SendMessages', 'ReadMessages', 'ManageRouting'] });
}, 90_000);

function expectProblem(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String), traceId: expect.any(String) });
}

function expectFieldsNamed(res: ApiResponse, ...fields: string[]) {
  expectProblem(res, 400, 'VALIDATION_FAILED');
  expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
}

const numbersStored = (accountId = admin.accountId) => countRows(booted.platform, 'routing', 'numbers', { account_id: accountId });
const activeNumbers = (accountId = admin.accountId) => countRows(booted.platform, 'routing', 'numbers', { account_id: accountId, status: 'active' });
const poolsStored = (accountId = admin.accountId) => countRows(booted.platform, 'routing', 'number_pools', { account_id: accountId });
const messagesStored = () => countRows(booted.platform, 'messaging', 'messages', { account_id: admin.accountId });

const provision = (body: Record<string, unknown>, apiKey = keys.manage) => api.post('/v1/numbers', { apiKey, body: { channelTypes: ['Sms', 'WhatsApp'], ...body } });
const release = (numberId: string, apiKey = keys.manage) => api.delete(`/v1/numbers/${numberId}`, { apiKey });
const listNumbers = (apiKey = keys.manage) => api.get('/v1/numbers', { apiKey });
const createPool = (body: Record<string, unknown>, apiKey = keys.manage) => api.post('/v1/number-pools', { apiKey, body: { name: 'Main', strategy: 'RoundRobin', ...body } });

/** `count` new numbers of `subaccountId` (Sms and WhatsApp), in order. */
async function numbersOf(subaccountId: string | undefined, count: number): Promise<Array<{ numberId: string; phoneNumber: string }>> {
  const made = [];
  for (let i = 0; i < count; i++) {
    const res = await provision({ subaccountId });
    if (res.status !== 201) throw new Error(`number: ${res.text}`);
    made.push(res.body);
  }
  return made;
}

/** Sends through the subaccount and waits for the attempt's sender: the `fromAddress` ChooseSender picked. */
async function sentFrom(subaccountId: string, to: string): Promise<{ messageId: string; fromAddress: string }> {
  const sent = await api.post(`/v1/subaccounts/${subaccountId}/messages`, { apiKey: keys.manage, body: { to, body: 'Your table is ready', channelType: 'Sms' } });
  if (sent.status !== 201) throw new Error(`send: ${sent.text}`);
  const message = await waitFor(
    () => api.get(`/v1/accounts/${admin.accountId}/messages/${sent.body.messageId}`, { apiKey: keys.manage }),
    (r) => r.status === 200 && r.body.channelHistory?.length > 0,
    { what: `the first attempt of ${sent.body.messageId}` },
  );
  return { messageId: sent.body.messageId, fromAddress: message.body.channelHistory[0].fromAddress };
}

const tally = (addresses: string[]) => addresses.reduce<Record<string, number>>((t, a) => ({ ...t, [a]: (t[a] ?? 0) + 1 }), {});

describe('POST /v1/numbers (DECISIONS Numbers)', () => {
  it('provisions a free number at once: 201 with an E.164 phoneNumber, ready to send, listed', async () => {
    const res = await provision({});
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      numberId: expect.any(String),
      phoneNumber: expect.stringMatching(/^\+1555\d{7}$/),
      emailAddress: null,
      channelTypes: ['Sms', 'WhatsApp'],
      subaccountId: null,
      status: 'active',
      readyToSend: true,
      campaignId: null,
      poolId: null,
      useCount: 0,
      createdAt: expect.any(String),
    });
    expect((await listNumbers(keys.read)).body.items).toContainEqual(res.body);
  });

  it('honours countryCode, provisions the number asked for, and gives Email alone a sender address', async () => {
    expect((await provision({ countryCode: 'US' })).body.phoneNumber).toMatch(/^\+1555\d{7}$/);
    expect((await provision({ countryCode: 'gb', channelTypes: ['Sms'] })).body).toMatchObject({ phoneNumber: expect.stringMatching(/^\+44770\d{7}$/), channelTypes: ['Sms'] });
    const asked = `+1628${String(Date.now()).slice(-7)}`;
    expect((await provision({ phoneNumber: asked, countryCode: 'US' })).body).toMatchObject({ phoneNumber: asked });
    const sender = await provision({ channelTypes: ['Email'] });
    expect(sender.status).toBe(201);
    expect(sender.body).toMatchObject({ phoneNumber: null, emailAddress: expect.stringMatching(/^sender-[0-9a-f]{8}@/), channelTypes: ['Email'], readyToSend: true });
  });

  it('assigns a number to a subaccount of the account', async () => {
    const subaccountId = await subaccount();
    const res = await provision({ subaccountId });
    expect(res.body.subaccountId).toBe(subaccountId);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['an unknown country code', { countryCode: 'ZZ' }, ['countryCode']],
    ['a calling code for a country code', { countryCode: '+1' }, ['countryCode']],
    ['a number that is not E.164', { phoneNumber: '415-555-0100' }, ['phoneNumber']],
    ['a number of another country than countryCode', { phoneNumber: '+442079460000', countryCode: 'US' }, ['phoneNumber']],
    ['no channel', { channelTypes: [] }, ['channelTypes']],
    ['an unknown channel', { channelTypes: ['Sms', 'Fax'] }, ['channelTypes']],
    ['Email with a phone channel', { channelTypes: ['Sms', 'Email'] }, ['channelTypes']],
    ['a phone number for an Email sender', { channelTypes: ['Email'], phoneNumber: '+14155550100' }, ['phoneNumber']],
    ['no channelTypes at all', { channelTypes: undefined }, ['channelTypes']],
  ])('refuses %s: 400 naming the field, nothing stored', async (_what, body, fields) => {
    const before = await numbersStored();
    expectFieldsNamed(await provision(body), ...fields);
    expect(await numbersStored()).toBe(before);
  });

  it('is 409 for a number another account holds, 404 for another account’s subaccount, 403 without the right or role; nothing stored', async () => {
    const theirs = await provision({}, otherKey);
    const before = await numbersStored();
    const taken = await provision({ phoneNumber: theirs.body.phoneNumber });
    expectProblem(taken, 409, 'CONFLICT');
    expect(taken.body.detail).toContain(theirs.body.phoneNumber);
    expectProblem(await provision({ subaccountId: await subaccount(other) }), 404, 'NOT_FOUND');
    expectProblem(await provision({ subaccountId: randomUUID() }), 404, 'NOT_FOUND');
    expectProblem(await provision({}, keys.read), 403, 'FORBIDDEN');
    const memberless = await provision({}, keys.plain);
    expectProblem(memberless, 403, 'FORBIDDEN');
    expect(memberless.body.detail).toContain('ManageRouting');
    expect(await numbersStored()).toBe(before);
  });
});

describe('DELETE /v1/numbers/{numberId}', () => {
  it('releases the number: 204, gone from the list, inbound to it refused, its address free again', async () => {
    const number = (await provision({})).body;
    const res = await release(number.numberId);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await listNumbers()).body.items.map((n: { numberId: string }) => n.numberId)).not.toContain(number.numberId);
    const inbound = await api.post('/v1/sandbox/inbound', { apiKey: keys.manage, body: { channelType: 'Sms', from: freshDestination(), to: number.phoneNumber, body: 'Hi' } });
    expectProblem(inbound, 404, 'NOT_FOUND');
    expectProblem(await release(number.numberId), 404, 'NOT_FOUND');
    const again = await provision({ phoneNumber: number.phoneNumber }, otherKey);
    expect(again.status).toBe(201);
  });

  it('is 404 for another account’s number or an id that is no number, 403 without the right; nothing released', async () => {
    const theirs = (await provision({}, otherKey)).body;
    const active = await activeNumbers(other.accountId);
    expectProblem(await release(theirs.numberId), 404, 'NOT_FOUND');
    expectProblem(await release('not-a-number'), 404, 'NOT_FOUND');
    expectProblem(await release(randomUUID()), 404, 'NOT_FOUND');
    const mine = (await provision({})).body;
    expectProblem(await release(mine.numberId, keys.read), 403, 'FORBIDDEN');
    expect(await activeNumbers(other.accountId)).toBe(active);
    expect((await listNumbers()).body.items.map((n: { numberId: string }) => n.numberId)).toContain(mine.numberId);
  });

  it('is 409 naming the pool while the number is in one', async () => {
    const [number] = await numbersOf(await subaccount(), 1);
    const owner = (await listNumbers()).body.items.find((n: { numberId: string }) => n.numberId === number.numberId);
    const pool = await createPool({ name: 'Holding', subaccountId: owner.subaccountId, numberIds: [number.numberId] });
    expect(pool.status).toBe(201);
    const refused = await release(number.numberId);
    expectProblem(refused, 409, 'CONFLICT');
    expect(refused.body.detail).toContain(`"Holding" (${pool.body.poolId})`);
    expect((await listNumbers()).body.items.map((n: { numberId: string }) => n.numberId)).toContain(number.numberId);
  });
});

describe('number pools (spec 2.9, 4.5)', () => {
  it('creates, lists, reads, updates and deletes a pool', async () => {
    const subaccountId = await subaccount();
    const numbers = await numbersOf(subaccountId, 3);
    const created = await createPool({ name: 'Clinic', subaccountId, numberIds: numbers.slice(0, 2).map((n) => n.numberId) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      poolId: expect.any(String),
      subaccountId,
      name: 'Clinic',
      strategy: 'RoundRobin',
      channelTypes: ['Sms', 'WhatsApp'],
      numberIds: numbers.slice(0, 2).map((n) => n.numberId),
    });
    expect(created.body.numbers.map((n: { phoneNumber: string; poolId: string }) => [n.phoneNumber, n.poolId])).toEqual(
      numbers.slice(0, 2).map((n) => [n.phoneNumber, created.body.poolId]),
    );
    const poolId = created.body.poolId;
    expect((await api.get(`/v1/number-pools/${poolId}`, { apiKey: keys.read })).body).toEqual(created.body);
    const listed = await api.get('/v1/number-pools', { token: await login(admin) });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual(created.body);
    expect((await api.get(`/v1/number-pools?subaccountId=${subaccountId}`, { apiKey: keys.read })).body.items).toEqual([created.body]);

    const updated = await api.put(`/v1/number-pools/${poolId}`, { apiKey: keys.manage, body: { strategy: 'LeastUsed', numberIds: [numbers[2].numberId, numbers[0].numberId] } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Clinic', strategy: 'LeastUsed', numberIds: [numbers[2].numberId, numbers[0].numberId] });
    const renamed = await api.put(`/v1/number-pools/${poolId}`, { apiKey: keys.manage, body: { name: 'Front desk' } });
    expect(renamed.body).toMatchObject({ name: 'Front desk', strategy: 'LeastUsed', numberIds: [numbers[2].numberId, numbers[0].numberId] });

    const deleted = await api.delete(`/v1/number-pools/${poolId}`, { apiKey: keys.manage });
    expect(deleted.status).toBe(204);
    expectProblem(await api.get(`/v1/number-pools/${poolId}`, { apiKey: keys.manage }), 404, 'NOT_FOUND');
    // The numbers stay, out of any pool.
    const after = (await listNumbers()).body.items.filter((n: { numberId: string }) => numbers.some((m) => m.numberId === n.numberId));
    expect(after.map((n: { poolId: string | null }) => n.poolId)).toEqual([null, null, null]);
  });

  it.each<[string, (ids: string[]) => Record<string, unknown>, string[]]>([
    ['an unknown strategy', (ids) => ({ strategy: 'Fastest', numberIds: ids }), ['strategy']],
    ['no name', (ids) => ({ name: '  ', numberIds: ids }), ['name']],
    ['no numbers', () => ({ numberIds: [] }), ['numberIds']],
    ['a number named twice', (ids) => ({ numberIds: [ids[0], ids[0]] }), ['numberIds']],
    ['an id that is no number of the account', (ids) => ({ numberIds: [ids[0], randomUUID()] }), ['numberIds']],
    ['no numberIds at all', () => ({ numberIds: undefined }), ['numberIds']],
  ])('refuses %s: 400 naming the field, nothing stored', async (_what, body, fields) => {
    const subaccountId = await subaccount();
    const ids = (await numbersOf(subaccountId, 1)).map((n) => n.numberId);
    const before = await poolsStored();
    expectFieldsNamed(await createPool({ subaccountId, ...body(ids) }), ...fields);
    expect(await poolsStored()).toBe(before);
  });

  it('refuses another account’s or a released number, and another subaccount’s in an account-level pool; nothing stored', async () => {
    const theirs = (await provision({}, otherKey)).body;
    const released = (await provision({})).body;
    await release(released.numberId);
    const subaccountId = await subaccount();
    const [own] = await numbersOf(subaccountId, 1);
    const before = await poolsStored();
    const res = await createPool({ subaccountId, numberIds: [own.numberId, theirs.numberId, released.numberId] });
    expectFieldsNamed(res, 'numberIds');
    expect(res.body.errors.numberIds[0]).toContain(`${theirs.numberId}, ${released.numberId}`);
    const accountLevel = await createPool({ numberIds: [own.numberId] });
    expectFieldsNamed(accountLevel, 'numberIds');
    expect(accountLevel.body.errors.numberIds[0]).toContain('another subaccount');
    expect(await poolsStored()).toBe(before);
  });

  it('needs every number ready to send for RoundRobin and LeastUsed, naming those that are not (a production long code without a campaign)', async () => {
    const subaccountId = await subaccount();
    const [ready] = await numbersOf(subaccountId, 1);
    // A production long code (not a sandbox number) with no 10DLC campaign, as a carrier port-in would leave it.
    const longCode = randomUUID();
    const address = `+1628${String(Date.now()).slice(-7)}`;
    await booted.platform.adapters.databases.forSchema('routing')('numbers').insert({
      number_id: longCode,
      account_id: admin.accountId,
      subaccount_id: subaccountId,
      address,
      channel_types: JSON.stringify(['Sms']),
      status: 'active',
      created_at: new Date(),
      sandbox: false,
    });
    expect((await listNumbers()).body.items.find((n: { numberId: string }) => n.numberId === longCode)).toMatchObject({ readyToSend: false, campaignId: null });
    const before = await poolsStored();
    for (const strategy of ['RoundRobin', 'LeastUsed']) {
      const res = await createPool({ subaccountId, strategy, numberIds: [ready.numberId, longCode] });
      expectFieldsNamed(res, 'numberIds');
      expect(res.body.errors.numberIds[0]).toContain(`${address} (${longCode}) is not ready to send`);
      expect(res.body.errors.numberIds[0]).not.toContain(ready.phoneNumber);
    }
    expect(await poolsStored()).toBe(before);
    // Random takes it and sends from the ready number only.
    const random = await createPool({ subaccountId, strategy: 'Random', numberIds: [ready.numberId, longCode] });
    expect(random.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await sentFrom(subaccountId, freshDestination())).fromAddress).toBe(ready.phoneNumber);
    const toRotation = await api.put(`/v1/number-pools/${random.body.poolId}`, { apiKey: keys.manage, body: { strategy: 'RoundRobin' } });
    expectFieldsNamed(toRotation, 'numberIds');
    expect((await api.get(`/v1/number-pools/${random.body.poolId}`, { apiKey: keys.manage })).body.strategy).toBe('Random');
  });

  it('is 409 naming the pool for a number already in one, or a second pool of the subaccount on a channel; nothing stored', async () => {
    const subaccountId = await subaccount();
    const numbers = await numbersOf(subaccountId, 2);
    const first = (await createPool({ subaccountId, name: 'First', numberIds: [numbers[0].numberId] })).body;
    const before = await poolsStored();
    const pooled = await createPool({ subaccountId, name: 'Second', numberIds: [numbers[0].numberId] });
    expectProblem(pooled, 409, 'CONFLICT');
    expect(pooled.body.detail).toContain(`"First" (${first.poolId})`);
    const sameChannels = await createPool({ subaccountId, name: 'Second', numberIds: [numbers[1].numberId] });
    expectProblem(sameChannels, 409, 'CONFLICT');
    expect(sameChannels.body.detail).toContain(`"First" (${first.poolId}) already serves Sms, WhatsApp`);
    expect(await poolsStored()).toBe(before);
  });

  it('holds callers to their account and rights: another account’s pool is 404, reading needs ReadMessages or ManageRouting, changing ManageRouting', async () => {
    const subaccountId = await subaccount();
    const [number] = await numbersOf(subaccountId, 1);
    const pool = (await createPool({ subaccountId, numberIds: [number.numberId] })).body;
    expectProblem(await api.get(`/v1/number-pools/${pool.poolId}`, { apiKey: otherKey }), 404, 'NOT_FOUND');
    expectProblem(await api.put(`/v1/number-pools/${pool.poolId}`, { apiKey: otherKey, body: { name: 'Mine now' } }), 404, 'NOT_FOUND');
    expectProblem(await api.delete(`/v1/number-pools/${pool.poolId}`, { apiKey: otherKey }), 404, 'NOT_FOUND');
    expect((await api.get('/v1/number-pools', { apiKey: otherKey })).body.items.map((p: { poolId: string }) => p.poolId)).not.toContain(pool.poolId);
    expectProblem(await api.get('/v1/number-pools', { apiKey: keys.plain }), 403, 'FORBIDDEN');
    expectProblem(await api.delete(`/v1/number-pools/${pool.poolId}`, { apiKey: keys.read }), 403, 'FORBIDDEN');
    expectProblem(await createPool({ subaccountId, numberIds: [number.numberId] }, keys.read), 403, 'FORBIDDEN');
    expect((await api.get(`/v1/number-pools/${pool.poolId}`, { apiKey: keys.manage })).body.name).toBe('Main');
  });
});

describe('sends from a pool (spec 2.9): the chosen number is the attempt’s fromAddress', () => {
  it('RoundRobin over 3 numbers and 9 sends: 3 each, in order', async () => {
    const subaccountId = await subaccount();
    const numbers = await numbersOf(subaccountId, 3);
    expect((await createPool({ subaccountId, numberIds: numbers.map((n) => n.numberId) })).status).toBe(201);
    const from: string[] = [];
    for (let i = 0; i < 9; i++) from.push((await sentFrom(subaccountId, freshDestination())).fromAddress);
    const order = numbers.map((n) => n.phoneNumber);
    expect(from).toEqual([...order, ...order, ...order]);
  });

  it('RoundRobin under 30 concurrent sends: every number 10 times', async () => {
    const subaccountId = await subaccount();
    const numbers = await numbersOf(subaccountId, 3);
    await createPool({ subaccountId, numberIds: numbers.map((n) => n.numberId) });
    const sends = await Promise.all(Array.from({ length: 30 }, () => sentFrom(subaccountId, freshDestination())));
    expect(tally(sends.map((s) => s.fromAddress))).toEqual(Object.fromEntries(numbers.map((n) => [n.phoneNumber, 10])));
  });

  it('LeastUsed: a number added after the others were used catches up first, then all even out', async () => {
    const subaccountId = await subaccount();
    const [a, b, c] = await numbersOf(subaccountId, 3);
    const pool = (await createPool({ subaccountId, strategy: 'LeastUsed', numberIds: [a.numberId, b.numberId] })).body;
    const before: string[] = [];
    for (let i = 0; i < 4; i++) before.push((await sentFrom(subaccountId, freshDestination())).fromAddress);
    expect(tally(before)).toEqual({ [a.phoneNumber]: 2, [b.phoneNumber]: 2 });
    await api.put(`/v1/number-pools/${pool.poolId}`, { apiKey: keys.manage, body: { numberIds: [a.numberId, b.numberId, c.numberId] } });
    const after: string[] = [];
    for (let i = 0; i < 5; i++) after.push((await sentFrom(subaccountId, freshDestination())).fromAddress);
    expect(after.slice(0, 2)).toEqual([c.phoneNumber, c.phoneNumber]);
    expect(tally([...before, ...after])).toEqual({ [a.phoneNumber]: 3, [b.phoneNumber]: 3, [c.phoneNumber]: 3 });
    const counts = (await api.get(`/v1/number-pools/${pool.poolId}`, { apiKey: keys.read })).body.numbers.map((n: { useCount: number }) => n.useCount);
    expect(counts).toEqual([3, 3, 3]);
  });

  it('Random: more than one number over 30 sends, each one of the pool’s', async () => {
    const subaccountId = await subaccount();
    const numbers = await numbersOf(subaccountId, 3);
    await createPool({ subaccountId, strategy: 'Random', numberIds: numbers.map((n) => n.numberId) });
    const sends = await Promise.all(Array.from({ length: 30 }, () => sentFrom(subaccountId, freshDestination())));
    const used = new Set(sends.map((s) => s.fromAddress));
    expect(used.size).toBeGreaterThan(1);
    expect([...used].every((a) => numbers.some((n) => n.phoneNumber === a))).toBe(true);
  });

  it('Sticky: each recipient stays on the number they first heard from; new recipients rotate; a number that left the pool is replaced', async () => {
    const subaccountId = await subaccount();
    const numbers = await numbersOf(subaccountId, 3);
    const pool = (await createPool({ subaccountId, strategy: 'Sticky', numberIds: numbers.map((n) => n.numberId) })).body;
    const people = [freshDestination(), freshDestination(), freshDestination()];
    const heard = new Map<string, string[]>(people.map((p) => [p, []]));
    for (let round = 0; round < 3; round++) {
      for (const person of people) heard.get(person)!.push((await sentFrom(subaccountId, person)).fromAddress);
    }
    expect(people.map((p) => heard.get(p))).toEqual(numbers.map((n) => [n.phoneNumber, n.phoneNumber, n.phoneNumber]));
    // The second person's number leaves the pool: they get another, and keep it.
    await api.put(`/v1/number-pools/${pool.poolId}`, { apiKey: keys.manage, body: { numberIds: [numbers[0].numberId, numbers[2].numberId] } });
    const moved = (await sentFrom(subaccountId, people[1])).fromAddress;
    expect([numbers[0].phoneNumber, numbers[2].phoneNumber]).toContain(moved);
    expect((await sentFrom(subaccountId, people[1])).fromAddress).toBe(moved);
    expect((await sentFrom(subaccountId, people[0])).fromAddress).toBe(numbers[0].phoneNumber);
  });

  it('a reply to the pooled number links to the message sent from it', async () => {
    const subaccountId = await subaccount();
    const numbers = await numbersOf(subaccountId, 2);
    await createPool({ subaccountId, numberIds: numbers.map((n) => n.numberId) });
    await sentFrom(subaccountId, freshDestination());
    const person = freshDestination();
    const { messageId, fromAddress } = await sentFrom(subaccountId, person);
    expect(fromAddress).toBe(numbers[1].phoneNumber);
    await waitFor(
      () => api.get(`/v1/accounts/${admin.accountId}/messages/${messageId}`, { apiKey: keys.manage }),
      (r) => ['delivered', 'undelivered'].includes(r.body.status),
      { what: 'the receipt' },
    );
    const inbound = await api.post('/v1/sandbox/inbound', { apiKey: keys.manage, body: { channelType: 'Sms', from: person, to: fromAddress, body: 'Thanks!' } });
    expect(inbound.status).toBe(202);
    const replies = await waitFor(
      () => api.get(`/v1/subaccounts/${subaccountId}/messages/${messageId}/replies`, { apiKey: keys.manage }),
      (r) => r.status === 200 && r.body.length > 0,
      { what: 'the reply' },
    );
    expect(replies.body[0]).toMatchObject({ from: person, to: fromAddress, inReplyToMessageId: messageId, subaccountId });
  });

  it('an account-level pool serves the account’s own sends; a subaccount without a pool is unaffected', async () => {
    const numbers = await numbersOf(undefined, 2);
    const pool = await createPool({ name: 'Account', numberIds: numbers.map((n) => n.numberId) });
    expect(pool.status).toBe(201);
    try {
      const from: string[] = [];
      for (let i = 0; i < 4; i++) {
        const sent = await api.post(`/v1/accounts/${admin.accountId}/messages`, { apiKey: keys.manage, body: { to: freshDestination(), body: 'Hello', channelType: 'Sms' } });
        const message = await waitFor(
          () => api.get(`/v1/accounts/${admin.accountId}/messages/${sent.body.messageId}`, { apiKey: keys.manage }),
          (r) => r.status === 200 && r.body.channelHistory?.length > 0,
          { what: 'the account-level attempt' },
        );
        from.push(message.body.channelHistory[0].fromAddress);
      }
      expect(from).toEqual([numbers[0].phoneNumber, numbers[1].phoneNumber, numbers[0].phoneNumber, numbers[1].phoneNumber]);
      const subaccountId = await subaccount();
      expect(numbers.map((n) => n.phoneNumber)).not.toContain((await sentFrom(subaccountId, freshDestination())).fromAddress);
    } finally {
      // Leave the account's sends as other tests expect them.
      await api.delete(`/v1/number-pools/${pool.body.poolId}`, { apiKey: keys.manage });
    }
  });

  it('a refused pool or number sends nothing', async () => {
    const before = await messagesStored();
    await createPool({ strategy: 'Fastest', numberIds: [] });
    await provision({ countryCode: 'ZZ' });
    expect(await messagesStored()).toBe(before);
  });
});
