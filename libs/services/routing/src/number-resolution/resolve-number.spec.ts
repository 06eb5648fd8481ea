import { randomUUID } from 'node:crypto';
import { principalOf, startRoutingHarness, type RoutingHarness } from '../testing/routing.test-harness';

let h: RoutingHarness;
const [A, B, S1] = [randomUUID(), randomUUID(), randomUUID()];
let accountPhone: string;
let accountEmail: string;

beforeAll(async () => {
  h = await startRoutingHarness();
  ({ phone: accountPhone, email: accountEmail } = await h.activate(A));
  await h.addNumber({ account_id: A, subaccount_id: S1, address: '+15558880001', channel_types: ['Sms'] });
  await h.addNumber({ account_id: A, subaccount_id: S1, address: '+15558880002', channel_types: ['WhatsApp'], status: 'released' });
  await h.addNumber({ account_id: B, address: '+15558880003', channel_types: ['Sms', 'WhatsApp'] });
});
afterAll(() => h.close());

/** Replies' inbound path asks as a service; the harness's service client calls as messaging. */
const resolve = (address: string, channelType: string) => h.messaging.resolveNumber({ address, channelType });

describe('ResolveNumber', () => {
  it('names the account (and subaccount) holding an active number for the channel', async () => {
    await expect(resolve(accountPhone, 'Sms')).resolves.toMatchObject({ accountId: A, address: accountPhone, status: 'active' });
    await expect(resolve(accountPhone, 'WhatsApp')).resolves.toMatchObject({ accountId: A, channelTypes: ['Sms', 'WhatsApp'] });
    await expect(resolve('+15558880001', 'Sms')).resolves.toMatchObject({ accountId: A, subaccountId: S1 });
    await expect(resolve('+15558880003', 'WhatsApp')).resolves.toMatchObject({ accountId: B });
  });

  it('compares email addresses without case, numbers exactly', async () => {
    await expect(resolve(accountEmail.toUpperCase(), 'Email')).resolves.toMatchObject({ accountId: A, address: accountEmail });
    await expect(resolve(accountPhone.slice(1), 'Sms')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(resolve(`${accountPhone} `, 'Sms')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is NOT_FOUND for a released number, a channel the number does not serve, or an unknown address', async () => {
    await expect(resolve('+15558880002', 'WhatsApp')).rejects.toMatchObject({ code: 'NOT_FOUND', detail: 'Number not found.' });
    await expect(resolve('+15558880001', 'WhatsApp')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(resolve(accountEmail, 'Sms')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(resolve('+15550000000', 'Sms')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('validates the address and channel type', async () => {
    await expect(resolve('', 'Fax')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      extensions: { errors: { address: expect.anything(), channelType: expect.anything() } },
    });
  });

  it('answers services only: a customer (even of the owning account) and the gateway are refused', async () => {
    await expect(h.client.resolveNumber({ address: accountPhone, channelType: 'Sms' }, { principal: principalOf(A) })).rejects.toMatchObject({
      code: 'INTERNAL_ERROR',
    });
    await expect(h.client.resolveNumber({ address: accountPhone, channelType: 'Sms' })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
