import { randomUUID } from 'node:crypto';
import type { Principal } from '@mp/grpc';
import { principalsOf, startRoutingHarness, type RoutingHarness } from '../testing/routing.test-harness';

let h: RoutingHarness;
const [A, B, S1, S2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
const cast = principalsOf(A, S1);
const other = principalsOf(B, randomUUID());

beforeAll(async () => {
  h = await startRoutingHarness();
  await h.activate(A);
  h.fakes.knowSubaccount(A, S1);
  h.fakes.knowSubaccount(A, S2);
});
afterAll(() => h.close());

const create = (principal: Principal, fields: Record<string, unknown>, accountId = principal.accountId!) =>
  h.client.createNumber({ accountId, channelTypes: ['Sms', 'WhatsApp'], ...fields }, { principal });
const remove = (principal: Principal, numberId: string) => h.client.deleteNumber({ accountId: principal.accountId!, numberId }, { principal });
const numbersStored = async () => Number((await h.db('numbers').count({ n: '*' }))[0].n);

describe('CreateNumber', () => {
  it('picks a free sandbox number, ready at once, account-level unless a subaccount is named', async () => {
    const picked = await create(cast.admin, {});
    expect(picked).toMatchObject({ accountId: A, channelTypes: ['Sms', 'WhatsApp'], status: 'active', readyToSend: true, sandbox: true, useCount: 0 });
    expect(picked.address).toMatch(/^\+1555\d{7}$/);
    expect(picked.subaccountId).toBeUndefined();
    const forSub = await create(cast.manageKey, { subaccountId: S1, channelTypes: ['Sms'] });
    expect(forSub).toMatchObject({ subaccountId: S1, channelTypes: ['Sms'] });
    // A caller limited to a subaccount gets its own subaccount's.
    await expect(create(cast.s1ManageKey, {})).resolves.toMatchObject({ subaccountId: S1 });
    const listed = await h.client.listNumbers({ accountId: A }, { principal: cast.member });
    expect(listed.items.map((n) => n.numberId)).toEqual(expect.arrayContaining([picked.numberId, forSub.numberId]));
  });

  it('honours the country code, and provisions the number asked for', async () => {
    await expect(create(cast.admin, { countryCode: 'US' })).resolves.toMatchObject({ address: expect.stringMatching(/^\+1555\d{7}$/) });
    await expect(create(cast.admin, { countryCode: 'gb' })).resolves.toMatchObject({ address: expect.stringMatching(/^\+44770\d{7}$/) });
    await expect(create(cast.admin, { phoneNumber: '+14155550199', countryCode: 'US' })).resolves.toMatchObject({ address: '+14155550199' });
  });

  it('provisions an Email-only number as a sender address', async () => {
    await expect(create(cast.admin, { channelTypes: ['Email'] })).resolves.toMatchObject({
      address: expect.stringMatching(/^sender-[0-9a-f]{8}@sandbox\.messaging\.local$/),
      channelTypes: ['Email'],
    });
  });

  it('is 409 for an address an active number holds, of any account; nothing stored', async () => {
    await create(other.admin, { phoneNumber: '+14155550200' });
    const before = await numbersStored();
    await expect(create(cast.admin, { phoneNumber: '+14155550200' })).rejects.toMatchObject({ code: 'CONFLICT', detail: expect.stringContaining('+14155550200') });
    expect(await numbersStored()).toBe(before);
  });

  it('refuses bad fields (400 naming them), roles and rights (403), unknown subaccounts (404); nothing stored', async () => {
    const before = await numbersStored();
    await expect(create(cast.admin, { countryCode: 'XX', phoneNumber: '555' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      extensions: { errors: { countryCode: expect.any(Array), phoneNumber: expect.any(Array) } },
    });
    await expect(create(cast.admin, { channelTypes: [] })).rejects.toMatchObject({ extensions: { errors: { channelTypes: expect.any(Array) } } });
    await expect(create(cast.member, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(create(cast.readKey, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(create(cast.admin, { subaccountId: randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND', detail: 'Subaccount not found.' });
    await expect(create(cast.s1ManageKey, { subaccountId: S2 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(create(cast.admin, {}, B)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await numbersStored()).toBe(before);
  });
});

describe('DeleteNumber', () => {
  it('releases the number: gone from the list, never chosen or resolved, its address free again', async () => {
    const number = await create(cast.admin, { phoneNumber: '+14155550300' });
    await expect(h.messaging.resolveNumber({ address: '+14155550300', channelType: 'Sms' })).resolves.toMatchObject({ numberId: number.numberId });
    await expect(remove(cast.admin, number.numberId)).resolves.toEqual({});
    const listed = await h.client.listNumbers({ accountId: A }, { principal: cast.admin });
    expect(listed.items.map((n) => n.numberId)).not.toContain(number.numberId);
    await expect(h.messaging.resolveNumber({ address: '+14155550300', channelType: 'Sms' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await h.db('numbers').where({ number_id: number.numberId }).first()).toMatchObject({ status: 'released', released_at: expect.anything() });
    // Released twice: it is gone.
    await expect(remove(cast.admin, number.numberId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Anyone may provision the address again.
    await expect(create(other.admin, { phoneNumber: '+14155550300' })).resolves.toMatchObject({ accountId: B });
  });

  it('is 404 for another account’s number, another subaccount’s for a limited caller, and ids that are no number', async () => {
    const theirs = await create(other.admin, {});
    await expect(remove(cast.admin, theirs.numberId)).rejects.toMatchObject({ code: 'NOT_FOUND', detail: 'Number not found.' });
    const s2Number = await create(cast.admin, { subaccountId: S2 });
    await expect(remove(cast.s1ManageKey, s2Number.numberId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(remove(cast.admin, 'not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(remove(cast.member, s2Number.numberId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await h.db('numbers').where({ number_id: s2Number.numberId }).first()).status).toBe('active');
  });

  it('is 409 naming the pool while the number is in one', async () => {
    const number = await create(cast.admin, { channelTypes: ['WhatsApp'] });
    const pool = await h.client.createNumberPool({ accountId: A, name: 'Holder', strategy: 'RoundRobin', numberIds: [number.numberId] }, { principal: cast.admin });
    await expect(remove(cast.admin, number.numberId)).rejects.toMatchObject({ code: 'CONFLICT', detail: expect.stringContaining(`"Holder" (${pool.poolId})`) });
    await h.client.deleteNumberPool({ accountId: A, poolId: pool.poolId }, { principal: cast.admin });
    await expect(remove(cast.admin, number.numberId)).resolves.toEqual({});
  });
});

describe('outside sandbox', () => {
  let prod: RoutingHarness;
  beforeAll(async () => {
    prod = await startRoutingHarness({ sandbox: false });
  });
  afterAll(() => prod.close());

  it('records a named number as a production long code, not ready to send until it has a campaign', async () => {
    const admin = principalsOf(A, S1).admin;
    const added = await prod.client.createNumber({ accountId: A, phoneNumber: '+14155550400', channelTypes: ['Sms'] }, { principal: admin });
    expect(added).toMatchObject({ address: '+14155550400', sandbox: false, readyToSend: false });
    await expect(prod.client.createNumber({ accountId: A, channelTypes: ['Sms'] }, { principal: admin })).rejects.toMatchObject({ code: 'INVALID_OPERATION' });
    await expect(prod.client.createNumber({ accountId: A, channelTypes: ['Email'] }, { principal: admin })).rejects.toMatchObject({ code: 'INVALID_OPERATION' });
  });
});
