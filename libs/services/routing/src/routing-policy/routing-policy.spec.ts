import { randomUUID } from 'node:crypto';
import type { Principal } from '@mp/grpc';
import { principalsOf, startRoutingHarness, type RoutingHarness } from '../testing/routing.test-harness';

let h: RoutingHarness;
const [A, B, S1, S2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const cast = principalsOf(A, S1);
let phone: string;
let email: string;

beforeAll(async () => {
  h = await startRoutingHarness();
  ({ phone, email } = await h.activate(A));
  h.fakes.knowSubaccount(A, S1);
  h.fakes.knowSubaccount(A, S2);
});
afterAll(() => h.close());

const get = (principal: Principal, subaccountId: string = S1, accountId: string = A) => h.client.getRoutingPolicy({ accountId, subaccountId }, { principal });
const put = (principal: Principal, fields: Record<string, unknown>, subaccountId: string = S1) =>
  h.client.updateRoutingPolicy({ accountId: A, subaccountId, fallbackChain: undefined, ...fields }, { principal });
const stored = async () => Number((await h.db('routing_policies').count({ n: '*' }))[0].n);

describe('GetRoutingPolicy', () => {
  it('answers the defaults of spec 2.5 until a policy is set, without updatedAt', async () => {
    await expect(get(cast.member, S2)).resolves.toEqual({
      accountId: A,
      subaccountId: S2,
      preferredChannelType: 'Sms',
      fallbackChain: [],
      isEnabled: false,
      receiptTimeoutSeconds: 0,
      fallbackOnDeliveryFailure: false,
    });
  });

  it('reads with any user role or a key with ReadMessages or ManageRouting; another key is 403', async () => {
    for (const principal of [cast.admin, cast.manager, cast.member, cast.readKey, cast.manageKey]) await expect(get(principal)).resolves.toMatchObject({ subaccountId: S1 });
    await expect(get(cast.sendKey)).rejects.toMatchObject({ code: 'FORBIDDEN', detail: expect.stringContaining('ReadMessages or ManageRouting') });
  });

  it('is 404 for another account, a subaccount identity does not know, or one a limited caller is not limited to', async () => {
    await expect(get(cast.admin, S1, B)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(get(cast.admin, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND', detail: 'Subaccount not found.' });
    await expect(get(cast.s1Admin, S2)).rejects.toMatchObject({ code: 'NOT_FOUND', detail: 'Subaccount not found.' });
    await expect(get(cast.admin, 'not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(get(cast.s1Admin, S1)).resolves.toMatchObject({ subaccountId: S1 });
  });

  it('answers messaging (a service) the stored policy without asking identity', async () => {
    const S3 = randomUUID();
    h.fakes.knowSubaccount(A, S3);
    await put(cast.admin, { preferredChannelType: 'WhatsApp', isEnabled: true }, S3);
    const asked = h.fakes.calls.length;
    await expect(h.messaging.getRoutingPolicy({ accountId: A, subaccountId: S3 })).resolves.toMatchObject({ preferredChannelType: 'WhatsApp', isEnabled: true });
    expect(h.fakes.calls.length).toBe(asked);
  });
});

describe('UpdateRoutingPolicy', () => {
  it('stores the fields sent and keeps the others, answering updatedAt', async () => {
    const first = await put(cast.admin, { preferredChannelType: 'WhatsApp', fallbackChain: { channels: ['Sms', 'Email'] }, isEnabled: true, receiptTimeoutSeconds: 120 });
    expect(first).toMatchObject({ preferredChannelType: 'WhatsApp', fallbackChain: ['Sms', 'Email'], isEnabled: true, receiptTimeoutSeconds: 120, fallbackOnDeliveryFailure: false });
    expect(first.updatedAt).toEqual(expect.any(String));
    const second = await put(cast.manageKey, { fallbackOnDeliveryFailure: true });
    expect(second).toMatchObject({ preferredChannelType: 'WhatsApp', fallbackChain: ['Sms', 'Email'], isEnabled: true, receiptTimeoutSeconds: 120, fallbackOnDeliveryFailure: true });
    await expect(get(cast.member)).resolves.toEqual(second);
    // An empty chain is a value; a chain left out is not.
    await expect(put(cast.admin, { fallbackChain: { channels: [] } })).resolves.toMatchObject({ fallbackChain: [], isEnabled: true });
  });

  it('refuses bad fields naming each, and stores nothing', async () => {
    const S4 = randomUUID();
    h.fakes.knowSubaccount(A, S4);
    const before = await stored();
    await expect(put(cast.admin, { preferredChannelType: 'Fax', fallbackChain: { channels: ['Sms', 'Sms'] }, receiptTimeoutSeconds: 30 }, S4)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      extensions: { errors: { preferredChannelType: expect.any(Array), fallbackChain: expect.any(Array), receiptTimeoutSeconds: expect.any(Array) } },
    });
    await expect(put(cast.admin, { fallbackChain: { channels: ['Sms'] } }, S4)).rejects.toMatchObject({ extensions: { errors: { fallbackChain: [expect.stringMatching(/preferred channel Sms/)] } } });
    expect(await stored()).toBe(before);
    expect((await get(cast.admin, S4)).updatedAt).toBeUndefined();
  });

  it('changes with Admin, Manager or ManageRouting only: 403 and nothing stored otherwise', async () => {
    const S5 = randomUUID();
    h.fakes.knowSubaccount(A, S5);
    for (const principal of [cast.member, cast.readKey, cast.sendKey]) {
      await expect(put(principal, { isEnabled: true }, S5)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(put(cast.admin, { isEnabled: true }, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(put(cast.s1ManageKey, { isEnabled: true }, S5)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(get(cast.admin, S5)).resolves.toMatchObject({ isEnabled: false });
    await expect(put(cast.manager, { isEnabled: true }, S5)).resolves.toMatchObject({ isEnabled: true });
  });

  it('keeps both of two concurrent first updates', async () => {
    const S6 = randomUUID();
    h.fakes.knowSubaccount(A, S6);
    await Promise.all([put(cast.admin, { isEnabled: true }, S6), put(cast.admin, { receiptTimeoutSeconds: 300 }, S6)]);
    await expect(get(cast.admin, S6)).resolves.toMatchObject({ isEnabled: true, receiptTimeoutSeconds: 300 });
  });
});

describe('PreviewRoute', () => {
  const preview = (destination: string, principal: Principal = cast.readKey, subaccountId = S2) =>
    h.client.previewRoute({ accountId: A, subaccountId, destination }, { principal });

  it('a disabled policy: the preferred channel alone, with its sender', async () => {
    const to = '+14155550101';
    await expect(preview(to)).resolves.toEqual({
      accountId: A,
      subaccountId: S2,
      destination: to,
      policyEnabled: false,
      steps: [{ channelType: 'Sms', skipped: false, numberId: expect.any(String), fromAddress: phone, blockedByConsent: false }],
      firstSendableChannelType: 'Sms',
    });
  });

  it('an enabled policy: preferred then chain; consent blocks and unaddressable channels are shown, asked as routing', async () => {
    await put(cast.admin, { preferredChannelType: 'WhatsApp', fallbackChain: { channels: ['Email', 'Sms'] }, isEnabled: true }, S2);
    const to = '+14155550102';
    h.fakes.block(to, 'WhatsApp', 'recipient opted out (subaccount)');
    const res = await preview(to);
    expect(res.steps).toEqual([
      { channelType: 'WhatsApp', skipped: false, numberId: expect.any(String), fromAddress: phone, blockedByConsent: true, consentReason: 'recipient opted out (subaccount)' },
      { channelType: 'Email', skipped: true, skipReason: `${to} is a phone number; Email needs an email address`, blockedByConsent: false },
      { channelType: 'Sms', skipped: false, numberId: expect.any(String), fromAddress: phone, blockedByConsent: false },
    ]);
    expect(res.firstSendableChannelType).toBe('Sms');
    const consentCalls = h.fakes.calls.filter((c) => c.method === 'consent.checkSendPermission' && (c.request as { recipient: string }).recipient === to);
    expect(consentCalls.map((c) => [(c.request as { channelType: string }).channelType, c.options])).toEqual([
      ['WhatsApp', { asService: true }],
      ['Sms', { asService: true }],
    ]);
    expect(consentCalls[0].request).toMatchObject({ accountId: A, subaccountId: S2, fromAddress: phone });

    const mail = await preview('someone@example.test');
    expect(mail.steps.map((s) => [s.channelType, s.skipped, s.fromAddress])).toEqual([
      ['WhatsApp', true, undefined],
      ['Email', false, email],
      ['Sms', true, undefined],
    ]);
    expect(mail.firstSendableChannelType).toBe('Email');
  });

  it('says when a channel has no sender, and answers no sendable channel when none is', async () => {
    const C = randomUUID();
    const S = randomUUID();
    h.fakes.knowSubaccount(C, S);
    const admin = principalsOf(C, S).admin;
    const res = await preview('+14155550103', admin, S).catch((e) => e);
    expect(res.code).toBe('NOT_FOUND'); // another account's caller
    const own = await h.client.previewRoute({ accountId: C, subaccountId: S, destination: '+14155550103' }, { principal: admin });
    expect(own.steps).toEqual([{ channelType: 'Sms', skipped: false, noSenderReason: 'No sender is provisioned for Sms.', blockedByConsent: false }]);
    expect(own.firstSendableChannelType).toBeUndefined();
  });

  it('validates the destination and reach; reading needs ReadMessages or ManageRouting', async () => {
    await expect(preview('not an address')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: { destination: expect.any(Array) } } });
    await expect(preview('+14155550104', cast.sendKey)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(preview('+14155550104', cast.s1Admin)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(preview('+14155550104', cast.admin, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
