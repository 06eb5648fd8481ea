import { randomUUID } from 'node:crypto';
import type { routingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { principalsOf, startRoutingHarness, type RoutingHarness } from '../testing/routing.test-harness';

let h: RoutingHarness;
const B = randomUUID();

beforeAll(async () => {
  h = await startRoutingHarness();
});
afterAll(() => h.close());

/** A fresh account with a subaccount identity knows, and `count` sandbox numbers of the subaccount. */
async function account(count = 3, channelTypes = ['Sms', 'WhatsApp']) {
  const accountId = randomUUID();
  const s1 = randomUUID();
  h.fakes.knowSubaccount(accountId, s1);
  const cast = principalsOf(accountId, s1);
  const numbers: routingV1.PhoneNumber[] = [];
  for (let i = 0; i < count; i++) numbers.push(await h.client.createNumber({ accountId, subaccountId: s1, channelTypes }, { principal: cast.admin }));
  return { accountId, s1, cast, numbers, ids: numbers.map((n) => n.numberId), addresses: numbers.map((n) => n.address) };
}

const createPool = (principal: Principal, fields: Partial<routingV1.CreateNumberPoolRequest>) =>
  h.client.createNumberPool({ accountId: principal.accountId!, name: 'Main', strategy: 'RoundRobin', numberIds: [], ...fields }, { principal });
const send = (accountId: string, subaccountId: string | undefined, destination: string, channelType = 'Sms') =>
  h.messaging.chooseSender({ accountId, subaccountId, channelType, destination });
const poolsStored = async () => Number((await h.db('number_pools').count({ n: '*' }))[0].n);
const tally = (addresses: string[]) => addresses.reduce<Record<string, number>>((t, a) => ({ ...t, [a]: (t[a] ?? 0) + 1 }), {});

describe('pool management', () => {
  it('creates, lists, reads, updates and deletes a pool', async () => {
    const a = await account(3);
    const pool = await createPool(a.cast.manageKey, { name: ' Main ', subaccountId: a.s1, numberIds: a.ids.slice(0, 2) });
    expect(pool).toMatchObject({ accountId: a.accountId, subaccountId: a.s1, name: 'Main', strategy: 'RoundRobin', channelTypes: ['Sms', 'WhatsApp'] });
    expect(pool.numbers.map((n) => n.numberId)).toEqual(a.ids.slice(0, 2));
    expect(pool.numbers.every((n) => n.poolId === pool.poolId && n.readyToSend)).toBe(true);
    await expect(h.client.listNumberPools({ accountId: a.accountId }, { principal: a.cast.member })).resolves.toEqual({ items: [pool] });
    await expect(h.client.getNumberPool({ accountId: a.accountId, poolId: pool.poolId }, { principal: a.cast.readKey })).resolves.toEqual(pool);
    const listedNumbers = await h.client.listNumbers({ accountId: a.accountId }, { principal: a.cast.admin });
    expect(listedNumbers.items.find((n) => n.numberId === a.ids[0])?.poolId).toBe(pool.poolId);

    const updated = await h.client.updateNumberPool(
      { accountId: a.accountId, poolId: pool.poolId, strategy: 'Sticky', numberIds: { numberIds: [a.ids[2], a.ids[0]] } },
      { principal: a.cast.admin },
    );
    expect(updated).toMatchObject({ name: 'Main', strategy: 'Sticky' });
    expect(updated.numbers.map((n) => n.numberId)).toEqual([a.ids[2], a.ids[0]]);
    // Left out: kept.
    const renamed = await h.client.updateNumberPool({ accountId: a.accountId, poolId: pool.poolId, name: 'Renamed', numberIds: undefined }, { principal: a.cast.admin });
    expect(renamed).toMatchObject({ name: 'Renamed', strategy: 'Sticky' });
    expect(renamed.numbers.map((n) => n.numberId)).toEqual([a.ids[2], a.ids[0]]);

    await expect(h.client.deleteNumberPool({ accountId: a.accountId, poolId: pool.poolId }, { principal: a.cast.admin })).resolves.toEqual({});
    await expect(h.client.getNumberPool({ accountId: a.accountId, poolId: pool.poolId }, { principal: a.cast.admin })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await h.db('number_pool_members').where({ pool_id: pool.poolId })).toEqual([]);
  });

  it('refuses bad fields naming each (unknown strategy, no numbers, unknown ids); nothing stored', async () => {
    const a = await account(1);
    const before = await poolsStored();
    await expect(createPool(a.cast.admin, { name: '', strategy: 'Fastest', numberIds: [] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      extensions: { errors: { name: expect.any(Array), strategy: [expect.stringContaining('RoundRobin, LeastUsed, Random, Sticky')], numberIds: expect.any(Array) } },
    });
    const theirs = await h.client.createNumber({ accountId: B, channelTypes: ['Sms'] }, { principal: principalsOf(B, randomUUID()).admin });
    await expect(createPool(a.cast.admin, { subaccountId: a.s1, numberIds: [a.ids[0], theirs.numberId, 'nope'] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      extensions: { errors: { numberIds: [expect.stringContaining(`${theirs.numberId}, nope`)] } },
    });
    await expect(createPool(a.cast.admin, { subaccountId: a.s1, numberIds: [a.ids[0], a.ids[0]] })).rejects.toMatchObject({ extensions: { errors: { numberIds: expect.any(Array) } } });
    // A subaccount's number in an account-level pool.
    await expect(createPool(a.cast.admin, { numberIds: [a.ids[0]] })).rejects.toMatchObject({ extensions: { errors: { numberIds: [expect.stringContaining('another subaccount')] } } });
    expect(await poolsStored()).toBe(before);
  });

  it('needs every number ready to send for RoundRobin and LeastUsed, naming those that are not; Random and Sticky take them', async () => {
    const a = await account(1, ['Sms']);
    const longCode = await h.addNumber({ account_id: a.accountId, address: '+14155559876', channel_types: ['Sms'], sandbox: false });
    const campaign = await h.addNumber({ account_id: a.accountId, address: '+14155551234', channel_types: ['WhatsApp'], sandbox: false, campaign_id: 'CX1' });
    for (const strategy of ['RoundRobin', 'LeastUsed']) {
      await expect(createPool(a.cast.admin, { strategy, numberIds: [longCode, campaign] })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        extensions: { errors: { numberIds: [expect.stringMatching(new RegExp(`\\(${longCode}\\) is not ready to send`))] } },
      });
    }
    const sticky = await createPool(a.cast.admin, { strategy: 'Sticky', numberIds: [longCode, campaign] });
    expect(sticky.numbers.map((n) => n.readyToSend)).toEqual([false, true]);
    // The long code that is not ready is never picked; Sms has no ready number in the pool.
    await expect(send(a.accountId, undefined, '+14155550001', 'WhatsApp')).resolves.toMatchObject({ numberId: campaign, poolId: sticky.poolId });
    await expect(send(a.accountId, undefined, '+14155550001', 'Sms')).rejects.toMatchObject({ code: 'INVALID_OPERATION', detail: expect.stringContaining('no number ready to send on Sms') });
    // Changing it to a rotation strategy is checked the same way.
    await expect(h.client.updateNumberPool({ accountId: a.accountId, poolId: sticky.poolId, strategy: 'RoundRobin', numberIds: undefined }, { principal: a.cast.admin })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('is 409 naming the pool for a number already pooled, or a second pool of the scope on a channel', async () => {
    const a = await account(3);
    const first = await createPool(a.cast.admin, { subaccountId: a.s1, numberIds: [a.ids[0]] });
    const before = await poolsStored();
    await expect(createPool(a.cast.admin, { name: 'Other', subaccountId: a.s1, numberIds: [a.ids[0]] })).rejects.toMatchObject({
      code: 'CONFLICT',
      detail: expect.stringContaining(`"Main" (${first.poolId})`),
    });
    await expect(createPool(a.cast.admin, { name: 'Other', subaccountId: a.s1, numberIds: [a.ids[1]] })).rejects.toMatchObject({
      code: 'CONFLICT',
      detail: expect.stringContaining('already serves Sms, WhatsApp'),
    });
    expect(await poolsStored()).toBe(before);
  });

  it('holds callers to their account, subaccount, role and rights', async () => {
    const a = await account(2);
    const pool = await createPool(a.cast.admin, { subaccountId: a.s1, numberIds: [a.ids[0]] });
    const stranger = principalsOf(B, randomUUID()).admin;
    await expect(h.client.getNumberPool({ accountId: B, poolId: pool.poolId }, { principal: stranger })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.client.deleteNumberPool({ accountId: B, poolId: pool.poolId }, { principal: stranger })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(createPool(a.cast.member, { numberIds: [a.ids[1]] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(createPool(a.cast.readKey, { numberIds: [a.ids[1]] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(h.client.listNumberPools({ accountId: a.accountId }, { principal: a.cast.sendKey })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // A key limited to the subaccount sees and changes its pools; one limited elsewhere sees none of them.
    await expect(h.client.listNumberPools({ accountId: a.accountId }, { principal: a.cast.s1ManageKey })).resolves.toMatchObject({ items: [{ poolId: pool.poolId }] });
    const elsewhere: Principal = { kind: 'api_key', accountId: a.accountId, apiKeyId: randomUUID(), rights: ['ManageRouting'], subaccountId: randomUUID() };
    await expect(h.client.listNumberPools({ accountId: a.accountId }, { principal: elsewhere })).resolves.toEqual({ items: [] });
    await expect(h.client.getNumberPool({ accountId: a.accountId, poolId: pool.poolId }, { principal: elsewhere })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('ChooseSender from a pool (spec 2.9)', () => {
  it('RoundRobin: in order, evenly; only for the pool’s scope', async () => {
    const a = await account(3);
    await createPool(a.cast.admin, { subaccountId: a.s1, numberIds: a.ids });
    const picks: string[] = [];
    for (let i = 0; i < 9; i++) picks.push((await send(a.accountId, a.s1, `+1415555${String(i).padStart(4, '0')}`)).fromAddress);
    expect(picks).toEqual([...a.addresses, ...a.addresses, ...a.addresses]);
    // WhatsApp rotates on its own.
    await expect(send(a.accountId, a.s1, '+14155550000', 'WhatsApp')).resolves.toMatchObject({ fromAddress: a.addresses[0] });
    // Account-level sends do not use a subaccount's pool (and the account has no numbers of its own here).
    await expect(send(a.accountId, undefined, '+14155550000')).rejects.toMatchObject({ code: 'INVALID_OPERATION' });
  });

  it('RoundRobin under concurrent sends: every number equally often', async () => {
    const a = await account(3);
    await createPool(a.cast.admin, { subaccountId: a.s1, numberIds: a.ids });
    const picks = await Promise.all(Array.from({ length: 30 }, (_, i) => send(a.accountId, a.s1, `+1415666${String(i).padStart(4, '0')}`)));
    expect(Object.values(tally(picks.map((p) => p.fromAddress)))).toEqual([10, 10, 10]);
  });

  it('LeastUsed: a number added later catches up with those used before, then all even out', async () => {
    const a = await account(3);
    const pool = await createPool(a.cast.admin, { subaccountId: a.s1, strategy: 'LeastUsed', numberIds: a.ids.slice(0, 2) });
    const picks: string[] = [];
    for (let i = 0; i < 4; i++) picks.push((await send(a.accountId, a.s1, '+14155550010')).fromAddress);
    expect(picks).toEqual([a.addresses[0], a.addresses[1], a.addresses[0], a.addresses[1]]);
    await h.client.updateNumberPool({ accountId: a.accountId, poolId: pool.poolId, numberIds: { numberIds: a.ids } }, { principal: a.cast.admin });
    const after: string[] = [];
    for (let i = 0; i < 5; i++) after.push((await send(a.accountId, a.s1, '+14155550010')).fromAddress);
    expect(after).toEqual([a.addresses[2], a.addresses[2], a.addresses[0], a.addresses[1], a.addresses[2]]);
    const counts = (await h.client.getNumberPool({ accountId: a.accountId, poolId: pool.poolId }, { principal: a.cast.admin })).numbers.map((n) => n.useCount);
    expect(counts).toEqual([3, 3, 3]);
  });

  it('LeastUsed under concurrent sends: no number is picked twice before the others', async () => {
    const a = await account(3);
    await createPool(a.cast.admin, { subaccountId: a.s1, strategy: 'LeastUsed', numberIds: a.ids });
    const picks = await Promise.all(Array.from({ length: 12 }, () => send(a.accountId, a.s1, '+14155550011')));
    expect(Object.values(tally(picks.map((p) => p.fromAddress)))).toEqual([4, 4, 4]);
  });

  it('Random: more than one number over 30 sends, always one of the pool’s', async () => {
    const a = await account(3);
    await createPool(a.cast.admin, { subaccountId: a.s1, strategy: 'Random', numberIds: a.ids });
    const picks: string[] = [];
    for (let i = 0; i < 30; i++) picks.push((await send(a.accountId, a.s1, '+14155550012')).fromAddress);
    expect(new Set(picks).size).toBeGreaterThan(1);
    expect(picks.every((p) => a.addresses.includes(p))).toBe(true);
  });

  it('Sticky: each recipient stays on one number; a new recipient rotates; a number that left the pool is replaced', async () => {
    const a = await account(3);
    const pool = await createPool(a.cast.admin, { subaccountId: a.s1, strategy: 'Sticky', numberIds: a.ids });
    const people = ['+14155550021', '+14155550022', '+14155550023'];
    const heard = new Map<string, Set<string>>(people.map((p) => [p, new Set()]));
    for (let round = 0; round < 3; round++) {
      for (const person of people) heard.get(person)!.add((await send(a.accountId, a.s1, person)).fromAddress);
    }
    expect(people.map((p) => [...heard.get(p)!])).toEqual([[a.addresses[0]], [a.addresses[1]], [a.addresses[2]]]);
    // people[1]'s number leaves the pool: rotation gives them another, which they then keep.
    await h.client.updateNumberPool({ accountId: a.accountId, poolId: pool.poolId, numberIds: { numberIds: [a.ids[0], a.ids[2]] } }, { principal: a.cast.admin });
    const moved = (await send(a.accountId, a.s1, people[1])).fromAddress;
    expect([a.addresses[0], a.addresses[2]]).toContain(moved);
    for (let i = 0; i < 3; i++) await expect(send(a.accountId, a.s1, people[1])).resolves.toMatchObject({ fromAddress: moved });
    await expect(send(a.accountId, a.s1, people[0])).resolves.toMatchObject({ fromAddress: a.addresses[0] });
  });

  it('an account-level pool serves account-level sends; without a pool the scope’s number is used as before', async () => {
    const a = await account(0);
    const n1 = await h.client.createNumber({ accountId: a.accountId, channelTypes: ['Sms'] }, { principal: a.cast.admin });
    const n2 = await h.client.createNumber({ accountId: a.accountId, channelTypes: ['Sms'] }, { principal: a.cast.admin });
    await expect(send(a.accountId, undefined, '+14155550031')).resolves.toEqual({ numberId: n1.numberId, fromAddress: n1.address });
    const pool = await createPool(a.cast.admin, { numberIds: [n2.numberId, n1.numberId] });
    await expect(send(a.accountId, undefined, '+14155550031')).resolves.toEqual({ numberId: n2.numberId, fromAddress: n2.address, poolId: pool.poolId });
    await expect(send(a.accountId, undefined, '+14155550031')).resolves.toMatchObject({ fromAddress: n1.address });
    // The subaccount has no pool: it sends from the account-level numbers as before.
    await expect(send(a.accountId, a.s1, '+14155550031')).resolves.toEqual({ numberId: n1.numberId, fromAddress: n1.address });
  });

  it('preview shows the next pick without moving the rotation', async () => {
    const a = await account(2);
    await createPool(a.cast.admin, { subaccountId: a.s1, numberIds: a.ids });
    await send(a.accountId, a.s1, '+14155550041');
    const preview = () => h.client.previewRoute({ accountId: a.accountId, subaccountId: a.s1, destination: '+14155550041' }, { principal: a.cast.readKey });
    expect((await preview()).steps[0]).toMatchObject({ fromAddress: a.addresses[1] });
    expect((await preview()).steps[0]).toMatchObject({ fromAddress: a.addresses[1] });
    await expect(send(a.accountId, a.s1, '+14155550041')).resolves.toMatchObject({ fromAddress: a.addresses[1] });
  });
});
