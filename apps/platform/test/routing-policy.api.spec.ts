import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { mailedValue } from './support/mfa-journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';

/**
 * Routing policies through the public API (spec 2.5, 4.5, 5.6; issue 12
 * point 1): GET and PUT per subaccount with fields kept when left out, every
 * refusal's problem body with nothing stored, rights and reach, and the route
 * preview (channel order, senders, consent blocks, unaddressable channels).
 */
let booted: BootedPlatform;
let api: ApiClient;
let admin: SignedUpUser;
let other: SignedUpUser;
let number: string;
let email: string;
let sub1: string;
let sub2: string;
let otherSub: string;
let member: { email: string; password: string };
/** Keys: SendMessages only, ReadMessages, ManageRouting (+ consent), ManageRouting limited to sub1. */
const keys: Record<'plain' | 'read' | 'manage' | 'sub1', string> = { plain: '', read: '', manage: '', sub1: '' };

async function login(who: { email: string; password: string }): Promise<string> {
  // Fresh each time: suites sharing this platform move the sandbox clock past a token's 15 minutes.
  const res = await api.post('/v1/auth/login', { body: { email: who.email, password: who.password } });
  if (res.status !== 200) throw new Error(`login: ${res.text}`);
  return res.body.accessToken;
}

async function createKey(body: Record<string, unknown>): Promise<string> {
  const res = await api.post('/v1/api-keys', { token: await login(admin), body });
  if (res.status !== 201) throw new Error(`api key: ${res.text}`);
  return res.body.key;
}

async function subaccount(owner: SignedUpUser, name: string): Promise<string> {
  const res = await api.post(`/v1/accounts/${owner.accountId}/subaccounts`, { token: await login(owner), body: { name } });
  if (res.status !== 201) throw new Error(`subaccount: ${res.text}`);
  return res.body.subaccountId;
}

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  [admin, other] = await Promise.all([signUp(api, 'routing'), signUp(api, 'routing-other')]);
  number = await sandboxNumber(api, admin.accessToken);
  const numbers = await api.get('/v1/numbers', { token: admin.accessToken });
  email = numbers.body.items.find((n: { emailAddress: string | null }) => n.emailAddress).emailAddress;
  [sub1, sub2, otherSub] = await Promise.all([subaccount(admin, 'North'), subaccount(admin, 'South'), subaccount(other, 'Elsewhere')]);
  keys.plain = await createKey({ name: 'plain', rights: ['SendMessages'] });
  keys.read = await createKey({ name: 'read', rights: ['ReadMessages'] });
  keys.manage = await createKey({ name: 'manage', rights: ['SendMessages', 'ReadMessages', 'ManageRouting', 'ManageRecipientConsent'] });
  keys.sub1 = await createKey({ name: 'north', rights: ['ReadMessages', 'ManageRouting'], subaccountId: sub1 });
  const memberEmail = uniqueEmail('routing-member');
  const invited = await api.post('/v1/account/users', { token: await login(admin), body: { email: memberEmail, role: 'Member' } });
  if (invited.status !== 201) throw new Error(`invite: ${invited.text}`);
  const token = await mailedValue(api, memberEmail, /Invitation token: (\S+)/);
  const accepted = await api.post('/v1/auth/accept-invitation', { body: { token, password: 'a long enough password' } });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.text}`);
  member = { email: memberEmail, password: 'a long enough password' };
}, 90_000);

const policyPath = (subaccountId: string) => `/v1/subaccounts/${subaccountId}/routing-policy`;
const getPolicy = (subaccountId: string, auth: { apiKey?: string; token?: string } = { apiKey: keys.read }) => api.get(policyPath(subaccountId), auth);
const putPolicy = (subaccountId: string, body: Record<string, unknown>, auth: { apiKey?: string; token?: string } = { apiKey: keys.manage }) =>
  api.put(policyPath(subaccountId), { ...auth, body });
const preview = (subaccountId: string, destination: unknown, auth: { apiKey?: string; token?: string } = { apiKey: keys.read }) =>
  api.post(`${policyPath(subaccountId)}/preview`, { ...auth, body: { destination } });
const policiesStored = (subaccountId: string) => countRows(booted.platform, 'routing', 'routing_policies', { subaccount_id: subaccountId });

function expectProblem(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String), traceId: expect.any(String) });
}

/** VALIDATION_FAILED whose `errors` names `field`, and only it. */
function expectFieldNamed(res: ApiResponse, field: string) {
  expectProblem(res, 400, 'VALIDATION_FAILED');
  expect(Object.keys(res.body.errors)).toEqual([field]);
}

const DEFAULTS = { preferredChannelType: 'Sms', fallbackChain: [], isEnabled: false, receiptTimeoutSeconds: 0, fallbackOnDeliveryFailure: false };

describe('GET and PUT /v1/subaccounts/{id}/routing-policy (spec 2.5)', () => {
  it('answers the defaults until a policy is set', async () => {
    const res = await getPolicy(sub2);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subaccountId: sub2, ...DEFAULTS, updatedAt: null });
  });

  it('stores the fields sent; a field left out keeps its value; both fallback settings come back', async () => {
    const first = await putPolicy(sub1, { preferredChannelType: 'WhatsApp', fallbackChain: ['Sms', 'Email'], isEnabled: true, receiptTimeoutSeconds: 120 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      subaccountId: sub1,
      preferredChannelType: 'WhatsApp',
      fallbackChain: ['Sms', 'Email'],
      isEnabled: true,
      receiptTimeoutSeconds: 120,
      fallbackOnDeliveryFailure: false,
      updatedAt: expect.any(String),
    });
    const second = await putPolicy(sub1, { fallbackOnDeliveryFailure: true }, { token: await login(admin) });
    expect(second.body).toMatchObject({ preferredChannelType: 'WhatsApp', fallbackChain: ['Sms', 'Email'], isEnabled: true, receiptTimeoutSeconds: 120, fallbackOnDeliveryFailure: true });
    const third = await putPolicy(sub1, { receiptTimeoutSeconds: 0, fallbackChain: [] });
    expect(third.body).toMatchObject({ preferredChannelType: 'WhatsApp', fallbackChain: [], receiptTimeoutSeconds: 0, fallbackOnDeliveryFailure: true });
    expect((await getPolicy(sub1, { token: await login(member) })).body).toEqual(third.body);
    const empty = await putPolicy(sub1, {});
    expect(empty.body).toMatchObject({ preferredChannelType: 'WhatsApp', isEnabled: true, fallbackOnDeliveryFailure: true });
    await putPolicy(sub1, { ...DEFAULTS });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown preferred channel', { preferredChannelType: 'Fax' }, 'preferredChannelType'],
    ['an unknown channel in the chain', { fallbackChain: ['WhatsApp', 'Pigeon'] }, 'fallbackChain'],
    ['a chain naming a channel twice', { fallbackChain: ['WhatsApp', 'WhatsApp'] }, 'fallbackChain'],
    ['a chain naming the preferred channel', { preferredChannelType: 'Email', fallbackChain: ['Sms', 'Email'] }, 'fallbackChain'],
    ['a chain naming the stored preferred channel', { fallbackChain: ['Sms'] }, 'fallbackChain'],
    ['a timeout under 60 s', { receiptTimeoutSeconds: 30 }, 'receiptTimeoutSeconds'],
    ['a timeout over a day', { receiptTimeoutSeconds: 86_401 }, 'receiptTimeoutSeconds'],
    ['a negative timeout', { receiptTimeoutSeconds: -60 }, 'receiptTimeoutSeconds'],
    ['a timeout that is no whole number', { receiptTimeoutSeconds: 90.5 }, 'receiptTimeoutSeconds'],
    ['a timeout that is no number', { receiptTimeoutSeconds: 'soon' }, 'receiptTimeoutSeconds'],
    ['isEnabled that is no boolean', { isEnabled: 'yes' }, 'isEnabled'],
    ['an unknown field', { preferred: 'Sms' }, 'preferred'],
  ])('refuses %s: 400 naming the field, nothing stored', async (_what, body, field) => {
    const subaccountId = await subaccount(admin, `Refusals ${randomUUID().slice(0, 6)}`);
    const res = await putPolicy(subaccountId, body);
    expectFieldNamed(res, field);
    expect(await policiesStored(subaccountId)).toBe(0);
    expect((await getPolicy(subaccountId)).body).toEqual({ subaccountId, ...DEFAULTS, updatedAt: null });
  });

  it('names every bad field at once and changes nothing of a stored policy', async () => {
    const subaccountId = await subaccount(admin, 'Stored');
    const stored = (await putPolicy(subaccountId, { preferredChannelType: 'WhatsApp', isEnabled: true })).body;
    const res = await putPolicy(subaccountId, { fallbackChain: ['WhatsApp'], receiptTimeoutSeconds: 59 });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['fallbackChain', 'receiptTimeoutSeconds']);
    expect((await getPolicy(subaccountId)).body).toEqual(stored);
  });

  it('takes the bounds 60 and 86400', async () => {
    expect((await putPolicy(sub2, { receiptTimeoutSeconds: 60 })).body.receiptTimeoutSeconds).toBe(60);
    expect((await putPolicy(sub2, { receiptTimeoutSeconds: 86_400 })).body.receiptTimeoutSeconds).toBe(86_400);
    await putPolicy(sub2, { receiptTimeoutSeconds: 0 });
  });
});

describe('who may read and change a policy (spec 5.6)', () => {
  it('reads with any user role or a key with ReadMessages or ManageRouting; other keys are 403', async () => {
    expect((await getPolicy(sub2, { token: await login(member) })).status).toBe(200);
    expect((await getPolicy(sub2, { apiKey: keys.read })).status).toBe(200);
    expect((await getPolicy(sub2, { apiKey: keys.manage })).status).toBe(200);
    const refused = await getPolicy(sub2, { apiKey: keys.plain });
    expectProblem(refused, 403, 'FORBIDDEN');
    expect(refused.body.detail).toContain('ReadMessages or ManageRouting');
  });

  it('changes with Admin or a key with ManageRouting only: a Member or another key is 403, nothing stored', async () => {
    const subaccountId = await subaccount(admin, 'Rights');
    const byMember = await putPolicy(subaccountId, { isEnabled: true }, { token: await login(member) });
    expectProblem(byMember, 403, 'FORBIDDEN');
    const byReader = await putPolicy(subaccountId, { isEnabled: true }, { apiKey: keys.read });
    expectProblem(byReader, 403, 'FORBIDDEN');
    expect(byReader.body.detail).toContain('ManageRouting');
    expect(await policiesStored(subaccountId)).toBe(0);
    expect((await putPolicy(subaccountId, { isEnabled: true }, { token: await login(admin) })).status).toBe(200);
  });

  it('is 404 for a subaccount of another account, an unknown one, or one a limited key is not limited to; nothing stored', async () => {
    for (const res of [
      await getPolicy(otherSub, { apiKey: keys.manage }),
      await putPolicy(otherSub, { isEnabled: true }),
      await preview(otherSub, freshDestination()),
      await getPolicy(randomUUID(), { apiKey: keys.manage }),
      await putPolicy(randomUUID(), { isEnabled: true }),
      await getPolicy('not-a-subaccount', { apiKey: keys.manage }),
      await getPolicy(sub2, { apiKey: keys.sub1 }),
      await putPolicy(sub2, { isEnabled: true }, { apiKey: keys.sub1 }),
      await preview(sub2, freshDestination(), { apiKey: keys.sub1 }),
    ]) {
      expectProblem(res, 404, 'NOT_FOUND');
    }
    expect(await policiesStored(otherSub)).toBe(0);
    expect((await getPolicy(sub2)).body.isEnabled).toBe(false);
    expect((await getPolicy(sub1, { apiKey: keys.sub1 })).status).toBe(200);
  });
});

describe('POST /v1/subaccounts/{id}/routing-policy/preview (spec 4.5)', () => {
  it('a disabled policy tries the preferred channel alone, from the sender a send would use', async () => {
    const to = freshDestination();
    const res = await preview(sub2, to);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subaccountId: sub2,
      destination: to,
      policyEnabled: false,
      steps: [
        {
          channelType: 'Sms',
          skipped: false,
          skipReason: null,
          fromAddress: number,
          numberId: expect.any(String),
          poolId: null,
          noSenderReason: null,
          blockedByConsent: false,
          consentReason: null,
        },
      ],
      firstSendableChannelType: 'Sms',
    });
  });

  it('an enabled policy: preferred then chain, the recipient’s opt-out shown, an unaddressable channel skipped with the reason', async () => {
    const subaccountId = await subaccount(admin, 'Preview');
    await putPolicy(subaccountId, { preferredChannelType: 'WhatsApp', fallbackChain: ['Email', 'Sms'], isEnabled: true });
    const to = freshDestination();
    const optOut = await api.post(`/v1/subaccounts/${subaccountId}/recipient-consent/opt-out`, { apiKey: keys.manage, body: { recipient: to, channelType: 'WhatsApp' } });
    expect(optOut.status).toBe(201);
    const res = await preview(subaccountId, to);
    expect(res.status).toBe(200);
    expect(res.body.policyEnabled).toBe(true);
    expect(res.body.steps.map((s: Record<string, unknown>) => [s.channelType, s.skipped, s.fromAddress, s.blockedByConsent])).toEqual([
      ['WhatsApp', false, number, true],
      ['Email', true, null, false],
      ['Sms', false, number, false],
    ]);
    expect(res.body.steps[0].consentReason).toMatch(/opted out/);
    expect(res.body.steps[1].skipReason).toBe(`${to} is a phone number; Email needs an email address`);
    expect(res.body.firstSendableChannelType).toBe('Sms');

    const mail = await preview(subaccountId, `preview-${randomUUID().slice(0, 8)}@example.test`);
    expect(mail.body.steps.map((s: Record<string, unknown>) => [s.channelType, s.skipped, s.fromAddress])).toEqual([
      ['WhatsApp', true, null],
      ['Email', false, email],
      ['Sms', true, null],
    ]);
    expect(mail.body.steps[0].skipReason).toMatch(/is an email address; WhatsApp needs an E\.164 phone number/);
    expect(mail.body.firstSendableChannelType).toBe('Email');
  });

  it('sends nothing and stores nothing', async () => {
    const messages = await countRows(booted.platform, 'messaging', 'messages', { account_id: admin.accountId });
    const policies = await policiesStored(sub2);
    expect((await preview(sub2, freshDestination())).status).toBe(200);
    expect(await countRows(booted.platform, 'messaging', 'messages', { account_id: admin.accountId })).toBe(messages);
    expect(await policiesStored(sub2)).toBe(policies);
  });

  it('refuses a destination that is neither a number nor an email address, and a key without a reading right', async () => {
    expectFieldNamed(await preview(sub2, 'call me maybe'), 'destination');
    expectFieldNamed(await preview(sub2, 14155550100), 'destination');
    expectProblem(await api.post(`${policyPath(sub2)}/preview`, { apiKey: keys.read, body: {} }), 400, 'VALIDATION_FAILED');
    expectProblem(await preview(sub2, freshDestination(), { apiKey: keys.plain }), 403, 'FORBIDDEN');
    expect((await preview(sub2, freshDestination(), { token: await login(member) })).status).toBe(200);
  });
});
