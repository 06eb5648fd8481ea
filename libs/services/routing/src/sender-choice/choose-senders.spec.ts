import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import type { routingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { principalOf, principalsOf, startRoutingHarness, type RoutingHarness } from '../testing/routing.test-harness';
import { chooseSender, chooseSenders, type ChooseSenderInput } from './choose-sender.usecase';

/**
 * ChooseSenders (messaging's dispatcher asks for a batch of attempts at once)
 * answers exactly what ChooseSender answers when the same attempts are asked
 * one after another, leaves the pools as those calls would (use counts,
 * rotations, Sticky memories), and reads and writes with the same number of
 * statements whatever the batch's size.
 */
let h: RoutingHarness;
beforeAll(async () => {
  h = await startRoutingHarness();
});
afterAll(() => h.close());

const messaging: Principal = { kind: 'service', accountId: '', service: 'messaging' };
/** Random pools draw from this: the same seed gives the singles and the batch the same draws. */
function seeded(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}
const depsWith = (seed = 7) => ({ db: h.db, clock: new SandboxClock(), random: seeded(seed) });

let addressSeq = 0;
const freeAddress = () => `+1999${String(Date.now() % 1000).padStart(3, '0')}${String(addressSeq++).padStart(4, '0')}`;

/**
 * One account with a bit of everything: pools of each strategy in their own
 * subaccounts, an account-level number (Sms) and account-level pool
 * (WhatsApp), a subaccount with its own number (and a released one), one
 * with nothing of its own, one whose pool has no number ready to send.
 * `roles` names every number, address and pool, so that the answers of two
 * such accounts compare.
 */
async function world() {
  const accountId = randomUUID();
  const subs = { rr: randomUUID(), lu: randomUUID(), rand: randomUUID(), sticky: randomUUID(), plain: randomUUID(), none: randomUUID(), notReady: randomUUID() };
  for (const s of Object.values(subs)) h.fakes.knowSubaccount(accountId, s);
  const { admin } = principalsOf(accountId, subs.rr);
  const roles = new Map<string, string>();
  const ids = new Map<string, string>();
  const number = async (role: string, subaccountId: string | undefined, channelTypes: string[]) => {
    const n = await h.client.createNumber({ accountId, subaccountId, channelTypes }, { principal: admin });
    roles.set(n.numberId, role).set(n.address, role);
    ids.set(role, n.numberId);
    return n.numberId;
  };
  const pool = async (role: string, subaccountId: string | undefined, strategy: string, numberIds: string[]) => {
    const p = await h.client.createNumberPool({ accountId, subaccountId, name: `pool ${role}`, strategy, numberIds }, { principal: admin });
    roles.set(p.poolId, role);
    ids.set(role, p.poolId);
  };
  const three = async (prefix: string, subaccountId: string, channelTypes: string[]) => [
    await number(`${prefix}-0`, subaccountId, channelTypes),
    await number(`${prefix}-1`, subaccountId, channelTypes),
    await number(`${prefix}-2`, subaccountId, channelTypes),
  ];
  await number('acct-sms', undefined, ['Sms']);
  await pool('acct-wa', undefined, 'RoundRobin', [await number('acct-wa-0', undefined, ['WhatsApp']), await number('acct-wa-1', undefined, ['WhatsApp'])]);
  await pool('rr', subs.rr, 'RoundRobin', await three('rr', subs.rr, ['Sms']));
  const lu = await three('lu', subs.lu, ['Sms']);
  await pool('lu', subs.lu, 'LeastUsed', lu);
  // Used before: 5, 2 and 3 times.
  for (const [i, uses] of [5, 2, 3].entries()) await h.db('numbers').where({ number_id: lu[i] }).update({ use_count: uses });
  await pool('rand', subs.rand, 'Random', await three('rand', subs.rand, ['Sms', 'WhatsApp']));
  await pool('sticky', subs.sticky, 'Sticky', await three('sticky', subs.sticky, ['Sms', 'WhatsApp']));
  await number('plain-sms', subs.plain, ['Sms']);
  await h.addNumber({ account_id: accountId, subaccount_id: subs.plain, address: freeAddress(), channel_types: ['WhatsApp'], status: 'released' });
  const longCode = await h.addNumber({ account_id: accountId, subaccount_id: subs.notReady, address: freeAddress(), channel_types: ['Sms'], sandbox: false });
  roles.set(longCode, 'not-ready');
  await pool('not-ready', subs.notReady, 'Random', [longCode]);
  return { accountId, subs, roles, ids };
}
type World = Awaited<ReturnType<typeof world>>;

const X = '+14155550101';
const Y = '+14155550102';

/** Attempts across every kind of scope, interleaved; the labels say what each is. */
function attempts(w: World): Array<ChooseSenderInput & { label: string }> {
  const a = (label: string, subaccountId: string | undefined, channelType: string, destination = '+14155550199', accountId: string = w.accountId) => ({
    label,
    accountId,
    subaccountId,
    channelType,
    destination,
  });
  return [
    a('rr', w.subs.rr, 'Sms'),
    a('lu', w.subs.lu, 'Sms'),
    a('sticky X', w.subs.sticky, 'Sms', X),
    a('account Sms', undefined, 'Sms'),
    a('rr', w.subs.rr, 'Sms'),
    a('rand', w.subs.rand, 'Sms'),
    a('lu', w.subs.lu, 'Sms'),
    a('sticky Y', w.subs.sticky, 'Sms', Y),
    a('account WhatsApp pool', undefined, 'WhatsApp'),
    a('rr', w.subs.rr, 'Sms'),
    a('sticky X WhatsApp', w.subs.sticky, 'WhatsApp', X),
    a('account Email: none', undefined, 'Email', 'ann@example.com'),
    a('lu', w.subs.lu, 'Sms'),
    a('no own number: account Sms', w.subs.none, 'Sms'),
    a('no own number: account WhatsApp', w.subs.none, 'WhatsApp'),
    a('own number', w.subs.plain, 'Sms'),
    a('own released: account WhatsApp', w.subs.plain, 'WhatsApp'),
    a('pool not ready', w.subs.notReady, 'Sms'),
    a('rand WhatsApp', w.subs.rand, 'WhatsApp'),
    a('rand', w.subs.rand, 'Sms'),
    a('rr', w.subs.rr, 'Sms'),
    a('sticky X', w.subs.sticky, 'Sms', X),
    a('sticky no recipient', w.subs.sticky, 'Sms', ' '),
    a('account WhatsApp pool', undefined, 'WhatsApp'),
    a('lu', w.subs.lu, 'Sms'),
    a('unknown channel', w.subs.rr, 'Fax'),
    a('not an account id', undefined, 'Sms', '+14155550199', 'nope'),
    a('no account id', undefined, 'Sms', '+14155550199', ''),
    a('an account with nothing', undefined, 'Sms', '+14155550199', randomUUID()),
    a('not a subaccount id', 'nope', 'Sms'),
  ];
}

/** An answer with every id and address named by its role in its world. */
type Named = { numberId?: string; fromAddress?: string; poolId?: string } | { code: string; detail?: string };
const named = (w: World, answer: routingV1.ChooseSenderResponse | DomainError): Named =>
  answer instanceof DomainError
    ? { code: answer.code, detail: answer.detail }
    : { numberId: w.roles.get(answer.numberId), fromAddress: w.roles.get(answer.fromAddress), poolId: answer.poolId ? w.roles.get(answer.poolId) : undefined };

/** What ChooseSender leaves behind, by role: use counts, pool rotations and Sticky memories. */
async function stateOf(w: World) {
  const numbers = await h.db('numbers').where({ account_id: w.accountId }).select('number_id', 'use_count');
  const pools = await h.db('number_pools').where({ account_id: w.accountId }).select('pool_id', 'rotation');
  const sticky = await h.db('pool_sticky_senders').whereIn('pool_id', pools.map((p) => p.pool_id)).select('pool_id', 'recipient', 'number_id');
  return {
    uses: Object.fromEntries(numbers.filter((n) => w.roles.has(n.number_id)).map((n) => [w.roles.get(n.number_id), Number(n.use_count)])),
    rotations: Object.fromEntries(pools.map((p) => [w.roles.get(p.pool_id), p.rotation])),
    sticky: sticky.map((s) => `${w.roles.get(s.pool_id)} ${s.recipient} -> ${w.roles.get(s.number_id)}`).sort(),
  };
}

async function askedOneByOne(w: World, inputs: ChooseSenderInput[], seed = 7): Promise<Named[]> {
  const deps = depsWith(seed);
  const answers: Named[] = [];
  for (const input of inputs) {
    answers.push(
      named(
        w,
        await chooseSender(deps, messaging, input).catch((e: unknown) => {
          if (e instanceof DomainError) return e;
          throw e;
        }),
      ),
    );
  }
  return answers;
}

async function askedAsBatch(w: World, inputs: ChooseSenderInput[], seed = 7): Promise<Named[]> {
  const outcomes = await chooseSenders(depsWith(seed), messaging, inputs);
  return outcomes.map((o) => named(w, 'error' in o ? o.error : o.sender));
}

describe('ChooseSenders', () => {
  it('answers each attempt as ChooseSender asked one after another would, and leaves the pools as it would', async () => {
    const [one, other] = [await world(), await world()];
    const singles = await askedOneByOne(one, attempts(one));
    const batch = await askedAsBatch(other, attempts(other));
    expect(batch).toEqual(singles);
    expect(await stateOf(other)).toEqual(await stateOf(one));

    // And what they answered is what each kind of scope should.
    const labels = attempts(one).map((a) => a.label);
    const picks = (label: string) => batch.filter((_, i) => labels[i] === label).map((b) => ('code' in b ? b.code : b.numberId));
    expect(picks('rr')).toEqual(['rr-0', 'rr-1', 'rr-2', 'rr-0']);
    // LeastUsed from 5, 2, 3 uses: the least used each time, ties in rotation order.
    expect(picks('lu')).toEqual(['lu-1', 'lu-1', 'lu-2', 'lu-1']);
    expect((await stateOf(other)).uses).toMatchObject({ 'lu-0': 5, 'lu-1': 5, 'lu-2': 4, 'rr-0': 2, 'rr-1': 1, 'rr-2': 1 });
    // Sticky: X rotates to the first number and stays on it on both channels; Y rotates on; no recipient, no memory.
    expect(picks('sticky X')).toEqual(['sticky-0', 'sticky-0']);
    expect(picks('sticky Y')).toEqual(['sticky-1']);
    expect(picks('sticky X WhatsApp')).toEqual(['sticky-0']);
    expect(picks('sticky no recipient')).toEqual(['sticky-2']);
    expect((await stateOf(other)).sticky).toEqual([`sticky ${X} -> sticky-0`, `sticky ${Y} -> sticky-1`]);
    expect(picks('rand').every((p) => ['rand-0', 'rand-1', 'rand-2'].includes(p!))).toBe(true);
    // Scopes: an account-level send uses the account's number or pool, never a subaccount's; a subaccount its own first.
    expect(picks('account Sms')).toEqual(['acct-sms']);
    expect(picks('account WhatsApp pool')).toEqual(['acct-wa-0', 'acct-wa-1']);
    expect(picks('no own number: account Sms')).toEqual(['acct-sms']);
    expect(picks('no own number: account WhatsApp')).toEqual(['acct-wa-0']);
    expect(picks('own number')).toEqual(['plain-sms']);
    expect(picks('own released: account WhatsApp')).toEqual(['acct-wa-0']);
    expect(batch[labels.indexOf('rr')]).toEqual({ numberId: 'rr-0', fromAddress: 'rr-0', poolId: 'rr' });
    expect(batch[labels.indexOf('own number')]).toEqual({ numberId: 'plain-sms', fromAddress: 'plain-sms', poolId: undefined });
    // Refusals, each as ChooseSender refuses it.
    const refusal = (label: string) => batch[labels.indexOf(label)];
    expect(refusal('account Email: none')).toEqual({ code: 'INVALID_OPERATION', detail: 'No sender is provisioned for Email.' });
    expect(refusal('an account with nothing')).toEqual({ code: 'INVALID_OPERATION', detail: 'No sender is provisioned for Sms.' });
    expect(refusal('pool not ready')).toEqual({ code: 'INVALID_OPERATION', detail: 'Number pool "pool not-ready" has no number ready to send on Sms.' });
    expect(refusal('unknown channel')).toEqual({ code: 'VALIDATION_FAILED', detail: 'The request has invalid fields.' });
    expect(refusal('no account id')).toEqual({ code: 'VALIDATION_FAILED', detail: 'The request has invalid fields.' });
    expect(refusal('not an account id')).toEqual({ code: 'NOT_FOUND', detail: 'Account not found.' });
    expect(refusal('not a subaccount id')).toEqual({ code: 'NOT_FOUND', detail: 'Subaccount not found.' });
  });

  it('draws Random picks in request order, as the single calls would', async () => {
    const [one, other] = [await world(), await world()];
    const inputs = Array.from({ length: 12 }, (_, i) => ({ accountId: one.accountId, subaccountId: one.subs.rand, channelType: i % 3 ? 'Sms' : 'WhatsApp', destination: X }));
    const singles = await askedOneByOne(one, inputs, 99);
    expect(await askedAsBatch(other, inputs.map((i) => ({ ...i, accountId: other.accountId, subaccountId: other.subs.rand })), 99)).toEqual(singles);
    expect(new Set(singles.map((s) => ('numberId' in s ? s.numberId : undefined))).size).toBeGreaterThan(1);
    expect(await stateOf(other)).toEqual(await stateOf(one));
  });

  it('answers an empty batch with no choices', async () => {
    await expect(chooseSenders(depsWith(), messaging, [])).resolves.toEqual([]);
    await expect(h.messaging.chooseSenders({ requests: [] })).resolves.toEqual({ choices: [] });
  });

  it('keeps concurrent batches in step: every RoundRobin number equally often, LeastUsed even', async () => {
    const w = await world();
    const batchOf = (subaccountId: string) =>
      Array.from({ length: 10 }, (_, i) => ({ accountId: w.accountId, subaccountId, channelType: 'Sms', destination: `+1415888${String(i).padStart(4, '0')}` }));
    await Promise.all([1, 2, 3].map(() => h.messaging.chooseSenders({ requests: [...batchOf(w.subs.rr), ...batchOf(w.subs.lu)] })));
    const { uses } = await stateOf(w);
    expect([uses['rr-0'], uses['rr-1'], uses['rr-2']]).toEqual([10, 10, 10]);
    const lu = [uses['lu-0'], uses['lu-1'], uses['lu-2']];
    expect(lu.reduce((s, n) => s + n, 0)).toBe(10 + 30);
    expect(Math.max(...lu) - Math.min(...lu)).toBeLessThanOrEqual(1);
  });

  it('reads and writes with as many statements for a batch of 20 as for a batch of 2', async () => {
    const w = await world();
    const statementsOf = async (inputs: ChooseSenderInput[]) => {
      let count = 0;
      // The host's outbox relay polls on the same knex: not the batch's.
      const counting = (q: { sql: string }) => void (/outbox/.test(q.sql) ? undefined : count++);
      h.db.on('query', counting);
      try {
        await chooseSenders(depsWith(), messaging, inputs);
      } finally {
        h.db.off('query', counting);
      }
      return count;
    };
    const mix = attempts(w);
    // A Sticky pick for a new recipient (rotation, use count and memory all written) and a scope's own number.
    const two = [
      { accountId: w.accountId, subaccountId: w.subs.sticky, channelType: 'Sms', destination: '+14155550301' },
      { accountId: w.accountId, subaccountId: w.subs.plain, channelType: 'Sms', destination: '+14155550301' },
    ];
    const twenty = Array.from({ length: 20 }, (_, i) => ({ ...mix[(i * 7) % mix.length], destination: `+1415999${String(i).padStart(4, '0')}` }));
    const forTwo = await statementsOf(two);
    // The scopes' pools and senders; BEGIN, the pool locks, members, memories, use counts, rotations, memories written, COMMIT.
    expect(forTwo).toBe(9);
    expect(await statementsOf(twenty)).toBe(forTwo);
    expect(await statementsOf(mix)).toBe(forTwo);
    // Only the scope lookup when no pool is involved.
    expect(await statementsOf([two[1], two[1]])).toBe(1);
  });
});

describe('ChooseSenders over gRPC', () => {
  it('carries each refusal as the code and detail a ChooseSender client sees', async () => {
    const [one, other] = [await world(), await world()];
    // Random picks differ between two calls of the real generator: left out.
    const inputs = (w: World) => attempts(w).filter((a) => !a.label.startsWith('rand'));
    const singles: Named[] = [];
    for (const input of inputs(one)) {
      singles.push(
        named(
          one,
          await h.messaging.chooseSender(input).catch((e: unknown) => {
            if (e instanceof DomainError) return e;
            throw e;
          }),
        ),
      );
    }
    const { choices } = await h.messaging.chooseSenders({ requests: inputs(other) });
    expect(choices.every((c) => (c.sender === undefined) !== (c.errorCode === undefined))).toBe(true);
    const batch = choices.map((c) => (c.sender ? named(other, c.sender) : { code: c.errorCode!, detail: c.errorMessage }));
    expect(batch).toEqual(singles);
    expect(choices.map((c) => c.errorCode).filter(Boolean)).toEqual(['INVALID_OPERATION', 'INVALID_OPERATION', 'VALIDATION_FAILED', 'NOT_FOUND', 'VALIDATION_FAILED', 'INVALID_OPERATION', 'NOT_FOUND']);
  });

  it('serves services only: neither the gateway itself nor a customer may ask for a batch', async () => {
    const w = await world();
    const requests = [{ accountId: w.accountId, subaccountId: w.subs.plain, channelType: 'Sms', destination: X }];
    await expect(h.client.chooseSenders({ requests })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    await expect(h.client.chooseSenders({ requests }, { principal: principalOf(w.accountId) })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    await expect(h.messaging.chooseSenders({ requests })).resolves.toMatchObject({ choices: [{ sender: { fromAddress: expect.any(String) } }] });
  });
});
