import type { Principal } from '@mp/grpc';
import { as, codeOf, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

describe('subaccounts (service, embedded database)', () => {
  it('creates, lists, reads and updates subaccounts of the account', async () => {
    const { accountId, principal } = await signUp(h);
    const created = await h.handlers.createSubaccount({ accountId, name: ' EU team ', dailyQuota: 1000 }, as(principal));
    expect(created).toMatchObject({ accountId, name: 'EU team', dailyQuota: 1000, monthlyQuota: undefined, status: 'active' });

    expect((await h.handlers.listSubaccounts({ accountId }, as(principal))).items).toEqual([created]);
    expect(await h.handlers.getSubaccount({ accountId, subaccountId: created.subaccountId }, as(principal))).toEqual(created);

    const updated = await h.handlers.updateSubaccount(
      { accountId, subaccountId: created.subaccountId, dailyQuota: {}, monthlyQuota: { value: 50_000 } },
      as(principal),
    );
    expect(updated).toMatchObject({ name: 'EU team', dailyQuota: undefined, monthlyQuota: 50_000 });
  });

  it("answers NOT_FOUND for another account's subaccount", async () => {
    const mine = await signUp(h);
    const theirs = await signUp(h);
    const sub = await h.handlers.createSubaccount({ accountId: theirs.accountId, name: 'theirs' }, as(theirs.principal));

    expect(await codeOf(h.handlers.getSubaccount({ accountId: theirs.accountId, subaccountId: sub.subaccountId }, as(mine.principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.getSubaccount({ accountId: mine.accountId, subaccountId: sub.subaccountId }, as(mine.principal)))).toBe('NOT_FOUND');
    expect(
      await codeOf(h.handlers.updateSubaccount({ accountId: mine.accountId, subaccountId: sub.subaccountId, name: 'mine now' }, as(mine.principal))),
    ).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.createSubaccount({ accountId: theirs.accountId, name: 'x' }, as(mine.principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.listSubaccounts({ accountId: theirs.accountId }, as(mine.principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.getSubaccount({ accountId: mine.accountId, subaccountId: 'nope' }, as(mine.principal)))).toBe('NOT_FOUND');
  });

  it('validates name and quotas, naming each field', async () => {
    const { accountId, principal } = await signUp(h);
    const error = await h.handlers.createSubaccount({ accountId, name: '', dailyQuota: 0, monthlyQuota: 100_000_001 }, as(principal)).catch((e) => e);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.extensions.errors)).toEqual(['name', 'dailyQuota', 'monthlyQuota']);
  });

  it('lets Admin and Manager change, any role read, and a limited user see only its subaccount', async () => {
    const { accountId, principal } = await signUp(h);
    const a = await h.handlers.createSubaccount({ accountId, name: 'A' }, as(principal));
    const b = await h.handlers.createSubaccount({ accountId, name: 'B' }, as({ ...principal, role: 'Manager' }));
    const member: Principal = { ...principal, role: 'Member' };
    const limited: Principal = { ...principal, role: 'Manager', subaccountId: a.subaccountId };

    expect(await codeOf(h.handlers.createSubaccount({ accountId, name: 'C' }, as(member)))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.updateSubaccount({ accountId, subaccountId: a.subaccountId, name: 'A2' }, as(member)))).toBe('FORBIDDEN');
    // Both (their order is the list's, by creation time then id: A and B may share a millisecond).
    expect((await h.handlers.listSubaccounts({ accountId }, as(member))).items.map((s) => s.name).sort()).toEqual(['A', 'B']);

    expect((await h.handlers.listSubaccounts({ accountId }, as(limited))).items.map((s) => s.name)).toEqual(['A']);
    expect(await codeOf(h.handlers.getSubaccount({ accountId, subaccountId: b.subaccountId }, as(limited)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.createSubaccount({ accountId, name: 'C' }, as(limited)))).toBe('FORBIDDEN');
    await expect(h.handlers.updateSubaccount({ accountId, subaccountId: a.subaccountId, name: 'A2' }, as(limited))).resolves.toMatchObject({ name: 'A2' });
  });
});
