import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse } from './support/api-client';
import { signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { mailedValue } from './support/mfa-journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/**
 * 10DLC brands (spec 4.8, issue 12 point 5): registration with each entity
 * type's fields, one 400 naming every bad field with nothing stored,
 * referenceId idempotency, 404s, Accept variants, and the status moving from
 * PENDING by the sandbox registry's signed callback (POST /v1/webhooks/tcr)
 * once the sandbox clock passes 30 s.
 *
 * On the worker's shared platform: its sandbox registry posts to the platform's
 * own gateway (REGISTRY_CALLBACK_URL's default in platform.ts), and what the
 * suite counts is its own account's or is counted before and after.
 */

let booted: BootedPlatform;
let api: ApiClient;
let owner: SignedUpUser;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  owner = await signUp(api, 'tendlc');
});

const BRANDS = '/v1/tendlc/brands';

const address = { street: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const contact = { email: 'compliance@acme.example', phone: '+14155550100' };

/** A complete registration of each entity type. */
const BODIES: Record<string, Record<string, unknown>> = {
  PRIVATE_PROFIT: {
    entityType: 'PRIVATE_PROFIT',
    displayName: 'Acme Rockets',
    companyName: 'Acme Rockets LLC',
    ein: '12-3456789',
    einIssuingCountry: 'US',
    ...contact,
    ...address,
    website: 'https://acme.example',
    vertical: 'TECHNOLOGY',
  },
  PUBLIC_PROFIT: {
    entityType: 'PUBLIC_PROFIT',
    displayName: 'Globex',
    companyName: 'Globex Corporation',
    ein: '987654321',
    einIssuingCountry: 'US',
    ...contact,
    ...address,
    website: 'https://globex.example',
    vertical: 'ENERGY',
    stockSymbol: 'gbx',
    stockExchange: 'NASDAQ',
  },
  NON_PROFIT: {
    entityType: 'NON_PROFIT',
    displayName: 'Helping Hands',
    companyName: 'Helping Hands Foundation',
    ein: '123456789RT0001',
    einIssuingCountry: 'CA',
    ...contact,
    street: '100 Queen St W',
    city: 'Toronto',
    state: 'on',
    postalCode: 'm5h2n2',
    country: 'CA',
    website: 'https://helping.example.org',
    vertical: 'NGO',
  },
  GOVERNMENT: {
    entityType: 'GOVERNMENT',
    displayName: 'City of Springfield',
    companyName: 'City of Springfield',
    ein: '45-6789012',
    einIssuingCountry: 'US',
    ...contact,
    ...address,
    website: 'http://springfield.example.gov',
    vertical: 'GOVERNMENT',
  },
  SOLE_PROPRIETOR: {
    entityType: 'SOLE_PROPRIETOR',
    displayName: 'Jane Doe Tutoring',
    firstName: 'Jane',
    lastName: 'Doe',
    mobilePhone: '+1 (415) 555-0111',
    ...contact,
    ...address,
    vertical: 'EDUCATION',
  },
};

const brandRows = (accountId = owner.accountId) => countRows(booted.platform, 'tendlc', 'brands', { account_id: accountId });
const registryCallbacks = () => countRows(booted.platform, 'tendlc', 'sandbox_registry_callbacks');
const register = (body: Record<string, unknown>, credential: { token?: string; apiKey?: string } = { token: owner.accessToken }, headers?: Record<string, string>) =>
  api.post(BRANDS, { ...credential, body, headers });

function expectProblem(res: ApiResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, type: expect.stringMatching(/\/problems\//), title: expect.any(String), traceId: expect.any(String) });
}

async function advanceClock(seconds: number): Promise<void> {
  const res = await api.post('/v1/sandbox/clock/advance', { token: owner.accessToken, body: { seconds } });
  expect(res.status).toBe(200);
}

describe('POST /v1/tendlc/brands: each entity type with its fields', () => {
  it.each(Object.keys(BODIES))('registers a %s brand, PENDING at the registry, and reads it back', async (entityType) => {
    const before = await brandRows();
    const res = await register(BODIES[entityType]);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      brandId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accountId: owner.accountId,
      entityType,
      displayName: BODIES[entityType].displayName,
      status: 'PENDING',
      registryBrandId: expect.stringMatching(/^B[A-Z0-9]{6}$/),
      mock: true,
      statusUpdatedAt: null,
      referenceId: null,
    });
    expect(await brandRows()).toBe(before + 1);
    const got = await api.get(`${BRANDS}/${res.body.brandId}`, { token: owner.accessToken });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const list = await api.get(BRANDS, { token: owner.accessToken });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body[0]).toEqual(res.body);
  });

  it('answers the fields normalised: a US EIN as 9 digits, a Canadian postal code and province, E.164 phones, a ticker in capitals', async () => {
    const us = await register(BODIES.PRIVATE_PROFIT);
    expect(us.body).toMatchObject({ ein: '123456789', einIssuingCountry: 'US', state: 'CA', postalCode: '94105', website: 'https://acme.example', stockSymbol: null });
    const ca = await register(BODIES.NON_PROFIT);
    expect(ca.body).toMatchObject({ ein: '123456789RT0001', einIssuingCountry: 'CA', state: 'ON', postalCode: 'M5H 2N2', country: 'CA' });
    const sole = await register(BODIES.SOLE_PROPRIETOR);
    expect(sole.body).toMatchObject({ ein: null, einIssuingCountry: null, companyName: null, firstName: 'Jane', lastName: 'Doe', mobilePhone: '+14155550111', website: null });
    const listed = await register(BODIES.PUBLIC_PROFIT);
    expect(listed.body).toMatchObject({ stockSymbol: 'GBX', stockExchange: 'NASDAQ' });
  });
});

describe('POST /v1/tendlc/brands: bad bodies', () => {
  const base = BODIES.PRIVATE_PROFIT;
  const without = (body: Record<string, unknown>, ...fields: string[]) => Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k)));

  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['an empty body', {}, ['entityType', 'displayName', 'email', 'phone', 'street', 'city', 'state', 'postalCode', 'country', 'vertical']],
    ['a business without company name, tax id or website', without(base, 'companyName', 'ein', 'einIssuingCountry', 'website'), ['companyName', 'ein', 'einIssuingCountry', 'website']],
    ['a public company without its listing', without(BODIES.PUBLIC_PROFIT, 'stockSymbol', 'stockExchange'), ['stockSymbol', 'stockExchange']],
    ['a private company with a listing', { ...base, stockSymbol: 'ACME', stockExchange: 'NYSE' }, ['stockSymbol', 'stockExchange']],
    [
      'a sole proprietor with a tax id but no name or mobile phone',
      { ...without(BODIES.SOLE_PROPRIETOR, 'firstName', 'lastName', 'mobilePhone'), ein: '12-3456789', einIssuingCountry: 'US' },
      ['ein', 'einIssuingCountry', 'firstName', 'lastName', 'mobilePhone'],
    ],
    [
      'every format wrong at once',
      { ...base, ein: '12345', email: 'not-an-email', phone: '555-1234', website: 'ftp://acme.example', postalCode: '1234', state: 'XX' },
      ['ein', 'email', 'phone', 'website', 'postalCode', 'state'],
    ],
    ['a US EIN from a prefix the IRS never issued', { ...base, ein: '07-1234567' }, ['ein']],
    ['a tax id without its country', without(base, 'einIssuingCountry'), ['einIssuingCountry']],
    ['a country that is not ISO alpha-2', { ...base, country: 'USA', einIssuingCountry: 'XX' }, ['country', 'einIssuingCountry']],
    ['a Canadian business number and postal code written wrongly', { ...BODIES.NON_PROFIT, ein: '12345678', postalCode: '94105', state: 'CA' }, ['ein', 'postalCode', 'state']],
    ['a blank display name, a website naming an address, a reference with spaces', { ...base, displayName: '   ', website: 'http://10.0.0.1', referenceId: 'my ref' }, ['displayName', 'website', 'referenceId']],
    // Published limits are refused at the gateway (its schema), with every field over one, before the service's rules.
    ['a display name over 255 characters and a city over 100', { ...base, displayName: 'x'.repeat(256), city: 'c'.repeat(101) }, ['displayName', 'city']],
    ['a line break in the city', { ...base, city: 'San\nFrancisco' }, ['city']],
    ['values outside the published enums and an unknown field', { ...base, entityType: 'LLC', vertical: 'SPACE', stockExchange: 'MOON', nickname: 'acme' }, ['entityType', 'vertical', 'stockExchange', 'nickname']],
    ['strings of the wrong JSON type', { ...base, displayName: 42, ein: ['12-3456789'] }, ['displayName', 'ein']],
  ];

  it.each(cases)('%s: 400 VALIDATION_FAILED naming each bad field, nothing stored or submitted', async (_name, body, fields) => {
    const [brandsBefore, callbacksBefore] = [await brandRows(), await registryCallbacks()];
    const res = await register(body);
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    for (const messages of Object.values(res.body.errors as Record<string, string[]>)) expect(messages.length).toBeGreaterThan(0);
    expect(res.body.instance).toBe(BRANDS);
    expect(await brandRows()).toBe(brandsBefore);
    expect(await registryCallbacks()).toBe(callbacksBefore);
  });

  it('says why, in the words of the entity type', async () => {
    const res = await register({ ...without(base, 'ein'), stockSymbol: 'ACME' });
    expect(res.body.errors).toEqual({ ein: ['is required for PRIVATE_PROFIT'], stockSymbol: ['is only for PUBLIC_PROFIT brands'] });
    expect(res.body.detail).toBe('The brand registration has invalid fields: ein, stockSymbol.');
  });

  it('answers a missing body and a body that is not JSON with their own codes', async () => {
    const none = await api.post(BRANDS, { token: owner.accessToken });
    expectProblem(none, 400, 'BODY_REQUIRED');
    const broken = await api.post(BRANDS, { token: owner.accessToken, rawBody: '{"entityType":', headers: { 'content-type': 'application/json' } });
    expectProblem(broken, 400, 'INVALID_JSON');
  });
});

describe('referenceId: a repeated registration answers the first brand', () => {
  it('answers the same brand (201, one row, one submission) for the same registration, however the EIN is written', async () => {
    const referenceId = `acme-${randomUUID()}`;
    const [brandsBefore, callbacksBefore] = [await brandRows(), await registryCallbacks()];
    const first = await register({ ...BODIES.PRIVATE_PROFIT, referenceId });
    expect(first.status).toBe(201);
    expect(first.body.referenceId).toBe(referenceId);
    const again = await register({ ...BODIES.PRIVATE_PROFIT, referenceId });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const respelled = await register({ ...BODIES.PRIVATE_PROFIT, ein: '123456789', referenceId });
    expect(respelled.body.brandId).toBe(first.body.brandId);
    expect(await brandRows()).toBe(brandsBefore + 1);
    expect(await countRows(booted.platform, 'tendlc', 'brands', { reference_id: referenceId })).toBe(1);
    expect(await registryCallbacks()).toBe(callbacksBefore + 1);
  });

  it('answers two racing registrations under one reference with one brand', async () => {
    const referenceId = `race-${randomUUID()}`;
    const answers = await Promise.all([1, 2, 3].map(() => register({ ...BODIES.GOVERNMENT, referenceId })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.brandId)).size).toBe(1);
    expect(await countRows(booted.platform, 'tendlc', 'brands', { reference_id: referenceId })).toBe(1);
  });

  it('refuses other fields under a used reference with 409 CONFLICT, storing nothing', async () => {
    const referenceId = `conflict-${randomUUID()}`;
    expect((await register({ ...BODIES.PRIVATE_PROFIT, referenceId })).status).toBe(201);
    const before = await brandRows();
    const other = await register({ ...BODIES.PRIVATE_PROFIT, displayName: 'Acme Rockets Two', referenceId });
    expectProblem(other, 409, 'CONFLICT');
    expect(other.body.errors).toHaveProperty('referenceId');
    expect(await brandRows()).toBe(before);
  });

  it('keeps references per account: another account registers under the same one', async () => {
    const referenceId = `shared-${randomUUID()}`;
    const mine = await register({ ...BODIES.PRIVATE_PROFIT, referenceId });
    const stranger = await signUp(api, 'tendlc-ref');
    const theirs = await register({ ...BODIES.PRIVATE_PROFIT, referenceId }, { token: stranger.accessToken });
    expect(theirs.status).toBe(201);
    expect(theirs.body.brandId).not.toBe(mine.body.brandId);
    expect(theirs.body.accountId).toBe(stranger.accountId);
  });
});

describe('who reaches which brand', () => {
  it("answers an unknown id, a malformed id and another account's brand with the same 404", async () => {
    const mine = await register(BODIES.PRIVATE_PROFIT);
    const stranger = await signUp(api, 'tendlc-404');
    for (const [id, token] of [
      [randomUUID(), owner.accessToken],
      ['not-a-uuid', owner.accessToken],
      [mine.body.brandId, stranger.accessToken],
    ] as const) {
      const res = await api.get(`${BRANDS}/${id}`, { token });
      expectProblem(res, 404, 'NOT_FOUND');
      expect(res.body.detail).toBe('Brand not found.');
    }
    const theirList = await api.get(BRANDS, { token: stranger.accessToken });
    expect(theirList.body).toEqual([]);
  });

  it('lets an API key with ManageRouting register and read; a key without it is 403 and stores nothing', async () => {
    const key = async (rights: string[]) => (await api.post('/v1/api-keys', { token: owner.accessToken, body: { name: 'tendlc', rights } })).body.key as string;
    const routing = await key(['ManageRouting']);
    const created = await register(BODIES.GOVERNMENT, { apiKey: routing });
    expect(created.status).toBe(201);
    expect((await api.get(`${BRANDS}/${created.body.brandId}`, { apiKey: routing })).status).toBe(200);
    const sender = await key(['SendMessages', 'ReadMessages']);
    const before = await brandRows();
    const refused = await register(BODIES.GOVERNMENT, { apiKey: sender });
    expectProblem(refused, 403, 'FORBIDDEN');
    expect(refused.body.detail).toContain('ManageRouting');
    expectProblem(await api.get(BRANDS, { apiKey: sender }), 403, 'FORBIDDEN');
    expect(await brandRows()).toBe(before);
  });

  it('lets a Member read brands but not register one; a key limited to a subaccount reaches none (404)', async () => {
    const email = uniqueEmail('tendlc-member');
    expect((await api.post('/v1/account/users', { token: owner.accessToken, body: { email, role: 'Member' } })).status).toBe(201);
    const token = await mailedValue(api, email, /Invitation token: (\S+)/);
    const member = (await api.post('/v1/auth/accept-invitation', { body: { token, password: 'a long enough password' } })).body;
    expect((await api.get(BRANDS, { token: member.accessToken })).status).toBe(200);
    const before = await brandRows();
    const refused = await register(BODIES.PRIVATE_PROFIT, { token: member.accessToken });
    expectProblem(refused, 403, 'FORBIDDEN');
    expect(refused.body.detail).toContain('Admin or Manager');

    const sub = await api.post(`/v1/accounts/${owner.accountId}/subaccounts`, { token: owner.accessToken, body: { name: 'east' } });
    const limited = (await api.post('/v1/api-keys', { token: owner.accessToken, body: { name: 'east', rights: ['ManageRouting'], subaccountId: sub.body.subaccountId } })).body.key;
    expectProblem(await api.get(BRANDS, { apiKey: limited }), 404, 'NOT_FOUND');
    expectProblem(await register(BODIES.PRIVATE_PROFIT, { apiKey: limited }), 404, 'NOT_FOUND');
    expect(await brandRows()).toBe(before);
  });
});

describe('Accept: application/json, text/json or text/plain', () => {
  let brand: Record<string, unknown>;
  beforeAll(async () => {
    brand = (await register(BODIES.NON_PROFIT)).body;
  });

  it.each([
    ['application/json', 'application/json'],
    ['text/json', 'text/json'],
    ['text/plain', 'text/plain'],
    ['text/plain;q=0.9, text/json', 'text/json'],
    ['*/*', 'application/json'],
    ['application/xml', 'application/json'],
  ])('Accept %s answers %s with the same JSON text', async (accept, type) => {
    const one = await api.get(`${BRANDS}/${brand.brandId}`, { token: owner.accessToken, headers: { accept } });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
    expect(one.headers.get('vary')).toMatch(/Accept/);
    expect(JSON.parse(one.text)).toEqual(brand);
    const list = await api.get(BRANDS, { token: owner.accessToken, headers: { accept } });
    expect(list.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
    expect(Array.isArray(JSON.parse(list.text))).toBe(true);
  });

  it('answers a registration as text/plain when asked, and errors as problem+json whatever the Accept', async () => {
    const created = await register(BODIES.GOVERNMENT, undefined, { accept: 'text/plain' });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(JSON.parse(created.text).entityType).toBe('GOVERNMENT');
    for (const accept of ['text/plain', 'text/json', 'application/json']) {
      expectProblem(await api.get(`${BRANDS}/${randomUUID()}`, { token: owner.accessToken, headers: { accept } }), 404, 'NOT_FOUND');
      expectProblem(await register({}, undefined, { accept }), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('status from the registry (sandbox: a signed callback 30 s after registration)', () => {
  const statusOf = (brandId: string) => api.get(`${BRANDS}/${brandId}`, { token: owner.accessToken });
  const waitForStatus = (brandId: string, status: string) =>
    waitFor(() => statusOf(brandId), (r) => r.body.status === status, { what: `brand ${brandId} ${status}` });

  it('moves PENDING -> VERIFIED once the sandbox clock passes 30 s, through POST /v1/webhooks/tcr', async () => {
    const brand = (await register({ ...BODIES.PRIVATE_PROFIT, displayName: 'Acme Verified Co' })).body;
    const tcrEvents = async () =>
      Number(
        (
          await booted.platform.adapters.databases
            .forSchema('provider_callback')('provider_events')
            .where({ provider: 'tcr' })
            .whereRaw(`payload->>'brandReferenceId' = ?`, [brand.brandId])
            .count<{ count: string }[]>({ count: '*' })
        )[0].count,
      );
    await advanceClock(10);
    expect((await statusOf(brand.brandId)).body.status).toBe('PENDING');
    expect(await countRows(booted.platform, 'tendlc', 'sandbox_registry_callbacks', { brand_id: brand.brandId, attempts: 0 })).toBe(1);
    expect(await tcrEvents()).toBe(0);

    await advanceClock(25);
    const verified = await waitForStatus(brand.brandId, 'VERIFIED');
    expect(verified.body).toMatchObject({ status: 'VERIFIED', statusUpdatedAt: expect.any(String), registryBrandId: brand.registryBrandId });
    expect(Date.parse(verified.body.statusUpdatedAt)).toBe(Date.parse(brand.createdAt) + 30_000);
    // The verdict took the signed provider-callback path: stored once by provider-callback, applied once by tendlc.
    expect(await tcrEvents()).toBe(1);
    expect(await countRows(booted.platform, 'tendlc', 'registry_status_updates', { brand_id: brand.brandId, outcome: 'applied' })).toBe(1);
  });

  it.each([
    ['Acme Unverified Test', 'UNVERIFIED'],
    ['Vetted Holdings', 'VETTED_VERIFIED'],
  ])('a brand named "%s" ends %s (documented sandbox names)', async (displayName, status) => {
    const brand = (await register({ ...BODIES.PRIVATE_PROFIT, displayName })).body;
    expect(brand.status).toBe('PENDING');
    await advanceClock(31);
    const done = await waitForStatus(brand.brandId, status);
    expect(done.body.status).toBe(status);
  });
});
