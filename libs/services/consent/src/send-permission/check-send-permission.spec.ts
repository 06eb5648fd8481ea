import { randomUUID } from 'node:crypto';
import { SandboxClock } from '@mp/clock';
import type { consentV1 } from '@mp/contracts';
import type { DatabaseProvider } from '@mp/db';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { enqueueEvent } from '@mp/events';
import { consentHandlers } from '../consent.handlers';
import { FakeConsentClients } from '../testing/fake-consent-clients';
import { optOutRow, seedOptOut } from '../testing/opt-out.factory';
import { matrixCases, matrixPlacements } from '../testing/send-matrix';
import { openTestDatabase } from '../testing/test-database';

const clock = new SandboxClock();
const accountA = randomUUID();
const accountB = randomUUID();
const ids = { s1: randomUUID(), s2: randomUUID(), n1: '+15550000001', n2: '+15550000002' };
const admin: Principal = { kind: 'user', accountId: accountA, userId: randomUUID(), role: 'Admin' };

let provider: DatabaseProvider;
let db: Knex;
let handlers: ReturnType<typeof consentHandlers>;

const check = (request: Partial<consentV1.CheckSendPermissionRequest>, principal: Principal | undefined = admin) =>
  handlers.checkSendPermission(
    { accountId: accountA, channelType: 'Sms', recipient: '+15557654321', ...request },
    { method: 'test', principal },
  );

const failure = async (promise: Promise<unknown>): Promise<DomainError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

/** One recipient per matrix row, so the rows do not influence each other. */
const recipientOf = (placement: string) => `+1555${(Object.keys(placements).indexOf(placement) + 1000000).toString().slice(-7)}`;
const placements = matrixPlacements(ids, { accountId: accountA, recipient: '', channelType: 'Sms' });

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
  // Identity knows no subaccount: CheckSendPermission is not a subaccount route and never asks it.
  handlers = consentHandlers({ db, clock, outbox: { enqueue: (trx, event) => enqueueEvent(trx, event, clock.now()) }, clients: new FakeConsentClients(() => false) });
  for (const [name, p] of Object.entries(placements)) {
    await seedOptOut(
      db,
      optOutRow({
        account_id: accountA,
        subaccount_id: p.subaccountId,
        scope: p.scope,
        receiving_number: p.receivingNumber,
        recipient: recipientOf(name),
        source: p.scope === 'stopReply' ? 'stop_reply' : 'customer',
        created_at: clock.now(),
      }),
    );
  }
});

afterAll(async () => {
  await provider.close();
});

describe('CheckSendPermission over the opt_outs table', () => {
  it('allows a recipient with no opt-out', async () => {
    expect(await check({ recipient: '+15559999999' })).toEqual({ allowed: true });
  });

  it.each(matrixCases(ids))(
    '$placement, sending from $fromLabel as $subLabel: blocked=$blocked',
    async ({ placement, fromAddress, subaccountId, blocked }) => {
      const answer = await check({ recipient: recipientOf(placement), subaccountId, fromAddress });
      expect(answer.allowed).toBe(!blocked);
      if (blocked) expect(answer.reason).toMatch(/^recipient opted out/);
      else expect(answer.reason).toBeUndefined();
    },
  );

  it('blocks only the channel opted out of', async () => {
    const recipient = recipientOf('entireAccount');
    expect((await check({ recipient, channelType: 'Sms' })).allowed).toBe(false);
    expect((await check({ recipient, channelType: 'WhatsApp' })).allowed).toBe(true);
  });

  it("ignores another account's opt-outs", async () => {
    const recipient = '+15551112222';
    await seedOptOut(db, { account_id: accountB, scope: 'entireAccount', recipient, created_at: clock.now() });
    expect((await check({ recipient })).allowed).toBe(true);
    expect((await check({ accountId: accountB, recipient }, { ...admin, accountId: accountB })).allowed).toBe(false);
  });

  it('matches e-mail recipients without case', async () => {
    const seeded = await seedOptOut(db, { account_id: accountA, scope: 'entireAccount', recipient: 'ann@example.com', channel_type: 'Email', created_at: clock.now() });
    expect(await check({ recipient: 'Ann@Example.COM', channelType: 'Email' })).toEqual({
      allowed: false,
      reason: 'recipient opted out of the entire account',
      decidedByEntryId: seeded.entry_id,
    });
  });

  describe('tenancy', () => {
    it("answers NOT_FOUND to a customer asking about another account's recipient", async () => {
      const error = await failure(check({ accountId: accountB }));
      expect(error.code).toBe('NOT_FOUND');
    });

    it('answers NOT_FOUND to a key scoped to another subaccount, and for the account level', async () => {
      const key: Principal = { kind: 'api_key', accountId: accountA, apiKeyId: randomUUID(), subaccountId: ids.s1, rights: ['SendMessages'] };
      expect((await failure(check({ subaccountId: ids.s2 }, key))).code).toBe('NOT_FOUND');
      expect((await failure(check({}, key))).code).toBe('NOT_FOUND');
      expect((await check({ subaccountId: ids.s1 }, key)).allowed).toBe(true);
    });

    it('answers internal calls (no principal, or system) for any account', async () => {
      const recipient = recipientOf('entireAccount');
      expect((await check({ recipient }, undefined)).allowed).toBe(false);
      expect((await check({ recipient }, { kind: 'system', accountId: '' })).allowed).toBe(false);
    });
  });

  describe('validation', () => {
    it('names every missing or malformed field', async () => {
      const error = await failure(check({ accountId: 'nope', subaccountId: 'x', channelType: '', recipient: ' ' }, undefined));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.extensions.errors ?? {}).sort()).toEqual(['accountId', 'channelType', 'recipient', 'subaccountId']);
    });
  });

  describe('table rules', () => {
    it('keeps one row per placement, a missing subaccount or number included', async () => {
      const row = { account_id: accountA, scope: 'accountLevelOnly' as const, recipient: '+15553334444', created_at: clock.now() };
      await seedOptOut(db, row);
      await expect(seedOptOut(db, row)).rejects.toThrow(/opt_outs_unique/);
    });

    it.each([
      ['a subaccount opt-out without subaccount', { scope: 'subaccount' as const }],
      ['an account opt-out with a subaccount', { scope: 'entireAccount' as const, subaccount_id: randomUUID() }],
      ['a STOP without the receiving number', { scope: 'stopReply' as const }],
      ['an unknown scope', { scope: 'everywhere' as never }],
    ])('refuses %s', async (_label, over) => {
      await expect(db('opt_outs').insert(optOutRow({ account_id: accountA, created_at: clock.now(), ...over }))).rejects.toThrow(
        /opt_outs_(placement|scope)_check/,
      );
    });

    it('refuses a row that no ledger entry recorded', async () => {
      await expect(db('opt_outs').insert(optOutRow({ account_id: accountA, scope: 'accountLevelOnly', recipient: '+15553330000', created_at: clock.now() }))).rejects.toThrow(
        /foreign key/,
      );
    });
  });
});
