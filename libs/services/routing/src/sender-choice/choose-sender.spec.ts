import { randomUUID } from 'node:crypto';
import { principalOf, startRoutingHarness, type RoutingHarness } from '../testing/routing.test-harness';

let h: RoutingHarness;
const [A, B, S1, S2, S3] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
let accountPhone: string;
let accountEmail: string;

beforeAll(async () => {
  h = await startRoutingHarness();
  ({ phone: accountPhone, email: accountEmail } = await h.activate(A));
  await h.addNumber({ account_id: A, subaccount_id: S1, address: '+15559990001', channel_types: ['Sms'] });
  await h.addNumber({ account_id: A, subaccount_id: S2, address: '+15559990002', channel_types: ['Sms', 'WhatsApp'] });
  await h.addNumber({ account_id: A, subaccount_id: S1, address: '+15559990003', channel_types: ['WhatsApp'], status: 'released' });
});
afterAll(() => h.close());

const choose = (channelType: string, subaccountId?: string, accountId = A) =>
  h.messaging.chooseSender({ accountId, subaccountId, channelType, destination: '+15557654321' });

describe('ChooseSender', () => {
  it('uses the account-level sender when no subaccount is named', async () => {
    await expect(choose('Sms')).resolves.toMatchObject({ fromAddress: accountPhone });
    await expect(choose('WhatsApp')).resolves.toMatchObject({ fromAddress: accountPhone });
    await expect(choose('Email')).resolves.toMatchObject({ fromAddress: accountEmail });
  });

  it('prefers the subaccount’s own active number, else falls back to the account’s', async () => {
    await expect(choose('Sms', S1)).resolves.toMatchObject({ fromAddress: '+15559990001' });
    // sub-1's WhatsApp number is released: the account-level one is used, never sub-2's.
    await expect(choose('WhatsApp', S1)).resolves.toMatchObject({ fromAddress: accountPhone });
    await expect(choose('WhatsApp', S2)).resolves.toMatchObject({ fromAddress: '+15559990002' });
    await expect(choose('Sms', S3)).resolves.toMatchObject({ fromAddress: accountPhone });
  });

  it('answers INVALID_OPERATION when the account has no sender for the channel', async () => {
    await expect(choose('Sms', undefined, randomUUID())).rejects.toMatchObject({
      code: 'INVALID_OPERATION',
      status: 422,
      detail: 'No sender is provisioned for Sms.',
    });
  });

  it('validates the channel type', async () => {
    await expect(choose('Fax')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: { channelType: expect.anything() } } });
  });

  it('refuses a caller that is neither messaging nor a customer, and one with no call token at all', async () => {
    // The gateway's own identity (anonymous) may not ask: PERMISSION_DENIED, which the caller sees as an internal error.
    await expect(h.client.chooseSender({ accountId: A, channelType: 'Sms', destination: '+15557654321' })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('holds a caller with a principal to its own account', async () => {
    await expect(
      h.client.chooseSender({ accountId: A, channelType: 'Sms', destination: '+15557654321' }, { principal: principalOf(B) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('ListNumbers', () => {
  it('lists the caller’s account’s active numbers; for a subaccount its own and the account-level ones it sends from', async () => {
    const all = await h.client.listNumbers({ accountId: A }, { principal: principalOf(A) });
    // +15559990003 was released: gone from the list.
    expect(all.items.map((n) => n.address).sort()).toEqual([accountEmail, accountPhone, '+15559990001', '+15559990002'].sort());
    expect(all.items.find((n) => n.address === accountPhone)).toMatchObject({ accountId: A, channelTypes: ['Sms', 'WhatsApp'], status: 'active' });
    expect(all.items.every((n) => typeof n.createdAt === 'string' && n.numberId !== '')).toBe(true);
    const sub1 = await h.client.listNumbers({ accountId: A, subaccountId: S1 }, { principal: principalOf(A) });
    expect(sub1.items.map((n) => n.address).sort()).toEqual([accountEmail, accountPhone, '+15559990001'].sort());
    expect(sub1.items.filter((n) => n.subaccountId === S1).map((n) => n.address)).toEqual(['+15559990001']);
    expect(sub1.items.find((n) => n.address === accountPhone)?.subaccountId).toBeUndefined();
  });

  it('never shows another account’s numbers', async () => {
    await expect(h.client.listNumbers({ accountId: A }, { principal: principalOf(B) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.client.listNumbers({ accountId: B }, { principal: principalOf(B) })).resolves.toEqual({ items: [] });
  });

  it('keeps a subaccount-limited caller to its subaccount and the account-level numbers, never another subaccount’s', async () => {
    const limited = principalOf(A, S2);
    const own = await h.client.listNumbers({ accountId: A }, { principal: limited });
    expect(own.items.map((n) => n.address).sort()).toEqual([accountEmail, accountPhone, '+15559990002'].sort());
    await expect(h.client.listNumbers({ accountId: A, subaccountId: S1 }, { principal: limited })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
