import { decodeJwt } from 'jose';
import { as, codeOf, errorOf, PASSWORD, signUp, startIdentity, uniqueEmail, type IdentityHarness } from '../testing/identity-harness';
import { enableMfa } from '../testing/mfa-helpers';
import { inviteAndAccept, invitationTokenFor, principalOf } from '../testing/user-helpers';
import { ensureAnotherActiveAdmin } from './user-management';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const sidOf = (accessToken: string) => decodeJwt(accessToken).sid as string;

describe('users and roles (service, embedded database)', () => {
  it('invites a user: invited status, no password, a mailed single-use token that signs in after setting the password', async () => {
    const admin = await signUp(h);
    const email = uniqueEmail('invitee');
    const invited = await h.handlers.inviteUser({ email: ` ${email.toUpperCase()} `, role: 'Manager' }, as(admin.principal));
    expect(invited).toMatchObject({ accountId: admin.accountId, email, role: 'Manager', status: 'invited', mfaEnabled: false });
    expect(invited.subaccountId).toBeUndefined();
    const token = await invitationTokenFor(h, email);
    expect(await h.db('user_invitations').where({ token_hash: token })).toHaveLength(0);
    // No password yet: sign-in answers like a wrong password.
    expect(await codeOf(h.handlers.login({ email, password: PASSWORD }, as()))).toBe('UNAUTHORIZED');

    const weak = await errorOf(h.handlers.acceptInvitation({ token, password: 'short' }, as()));
    expect([weak.code, Object.keys(weak.extensions.errors ?? {})]).toEqual(['VALIDATION_FAILED', ['password']]);
    const tokens = await h.handlers.acceptInvitation({ token, password: PASSWORD }, as());
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(await principalOf(h, tokens.accessToken)).toMatchObject({ kind: 'user', accountId: admin.accountId, userId: invited.userId, role: 'Manager' });
    expect(await codeOf(h.handlers.acceptInvitation({ token, password: PASSWORD }, as()))).toBe('INVALID_OR_EXPIRED');
    expect(await codeOf(h.handlers.acceptInvitation({ token: 'A'.repeat(43), password: PASSWORD }, as()))).toBe('INVALID_OR_EXPIRED');
    await expect(h.handlers.login({ email, password: PASSWORD }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('refuses an invitation after 7 days', async () => {
    const admin = await signUp(h);
    const email = uniqueEmail('late');
    await h.handlers.inviteUser({ email, role: 'Member' }, as(admin.principal));
    h.clock.advance(7 * 24 * 3600 + 1);
    expect(await codeOf(h.handlers.acceptInvitation({ token: await invitationTokenFor(h, email), password: PASSWORD }, as()))).toBe('INVALID_OR_EXPIRED');
  });

  it('applies the invitation rules: roles, fields, duplicates, subaccounts', async () => {
    const admin = await signUp(h);
    const other = await signUp(h);
    const key = { kind: 'api_key' as const, accountId: admin.accountId, apiKeyId: 'k', rights: [] };
    const theirSub = await h.handlers.createSubaccount({ accountId: other.accountId, name: 'theirs' }, as(other.principal));

    const bad = await errorOf(h.handlers.inviteUser({ email: 'not-an-email', role: 'Owner', subaccountId: theirSub.subaccountId }, as(admin.principal)));
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.extensions.errors ?? {}).sort()).toEqual(['email', 'role', 'subaccountId']);
    expect(await codeOf(h.handlers.inviteUser({ email: uniqueEmail(), role: 'Member' }, as(key)))).toBe('FORBIDDEN');
    const duplicate = await errorOf(h.handlers.inviteUser({ email: other.email, role: 'Member' }, as(admin.principal)));
    expect([duplicate.code, duplicate.status]).toEqual(['CONFLICT', 409]);

    const manager = await inviteAndAccept(h, admin.principal, 'Manager');
    expect(await codeOf(h.handlers.inviteUser({ email: uniqueEmail(), role: 'Admin' }, as(manager.principal)))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.inviteUser({ email: uniqueEmail(), role: 'Manager' }, as(manager.principal)))).toBe('FORBIDDEN');
    const email = uniqueEmail('member');
    await expect(h.handlers.inviteUser({ email, role: 'Member' }, as(manager.principal))).resolves.toMatchObject({ role: 'Member' });
    // The invited address is taken too.
    expect(await codeOf(h.handlers.inviteUser({ email, role: 'Member' }, as(admin.principal)))).toBe('CONFLICT');
    const member = await inviteAndAccept(h, admin.principal, 'Member');
    expect(await codeOf(h.handlers.inviteUser({ email: uniqueEmail(), role: 'Member' }, as(member.principal)))).toBe('FORBIDDEN');

    // A Manager limited to a subaccount invites only into it (by default too) and sees only its users.
    const eu = await h.handlers.createSubaccount({ accountId: admin.accountId, name: 'EU' }, as(admin.principal));
    const us = await h.handlers.createSubaccount({ accountId: admin.accountId, name: 'US' }, as(admin.principal));
    const euManager = await inviteAndAccept(h, admin.principal, 'Manager', eu.subaccountId);
    expect(euManager.principal).toMatchObject({ role: 'Manager', subaccountId: eu.subaccountId });
    expect(await codeOf(h.handlers.inviteUser({ email: uniqueEmail(), role: 'Member', subaccountId: us.subaccountId }, as(euManager.principal)))).toBe(
      'FORBIDDEN',
    );
    const euMember = await h.handlers.inviteUser({ email: uniqueEmail(), role: 'Member' }, as(euManager.principal));
    expect(euMember.subaccountId).toBe(eu.subaccountId);
    const seen = (await h.handlers.listUsers({}, as(euManager.principal))).items.map((u) => u.userId);
    expect(seen).toEqual([euManager.userId, euMember.userId]);
  });

  it('lists the account users oldest first with status, role, subaccount and mfaEnabled', async () => {
    const admin = await signUp(h);
    await enableMfa(h, admin);
    const member = await inviteAndAccept(h, admin.principal, 'Member');
    const email = uniqueEmail('pending');
    await h.handlers.inviteUser({ email, role: 'Manager' }, as(admin.principal));
    await signUp(h);
    const { items } = await h.handlers.listUsers({}, as(member.principal));
    expect(items.map((u) => [u.email, u.role, u.status, u.mfaEnabled])).toEqual([
      [admin.email, 'Admin', 'active', true],
      [member.email, 'Member', 'active', false],
      [email, 'Manager', 'invited', false],
    ]);
    expect(items[0]).toMatchObject({ userId: admin.userId, accountId: admin.accountId, createdAt: expect.any(String) });
    expect(await codeOf(h.handlers.listUsers({}, as({ kind: 'api_key', accountId: admin.accountId, apiKeyId: 'k', rights: [] })))).toBe('FORBIDDEN');
  });

  it('changes roles and subaccounts (Admin only, not oneself, another account NOT_FOUND)', async () => {
    const admin = await signUp(h);
    const other = await signUp(h);
    const member = await inviteAndAccept(h, admin.principal, 'Member');
    const manager = await inviteAndAccept(h, admin.principal, 'Manager');
    const sub = await h.handlers.createSubaccount({ accountId: admin.accountId, name: 'EU' }, as(admin.principal));

    expect(await codeOf(h.handlers.updateUser({ userId: member.userId, role: 'Manager' }, as(manager.principal)))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.updateUser({ userId: admin.userId, role: 'Member' }, as(admin.principal)))).toBe('INVALID_OPERATION');
    expect(await codeOf(h.handlers.updateUser({ userId: other.userId, role: 'Member' }, as(admin.principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.updateUser({ userId: 'nope', role: 'Member' }, as(admin.principal)))).toBe('NOT_FOUND');
    const bad = await errorOf(h.handlers.updateUser({ userId: member.userId, role: 'Boss', subaccount: { subaccountId: 'x' } }, as(admin.principal)));
    expect(Object.keys(bad.extensions.errors ?? {}).sort()).toEqual(['role', 'subaccountId']);

    const limited = await h.handlers.updateUser({ userId: member.userId, role: 'Manager', subaccount: { subaccountId: sub.subaccountId } }, as(admin.principal));
    expect(limited).toMatchObject({ role: 'Manager', subaccountId: sub.subaccountId });
    // The next request of that user carries the new role and subaccount.
    expect(await principalOf(h, member.tokens.accessToken)).toMatchObject({ role: 'Manager', subaccountId: sub.subaccountId });
    const unlimited = await h.handlers.updateUser({ userId: member.userId, subaccount: {} }, as(admin.principal));
    expect(unlimited.subaccountId).toBeUndefined();
  });

  it('keeps at least one active Admin', async () => {
    const admin = await signUp(h);
    const second = await inviteAndAccept(h, admin.principal, 'Admin');
    // Another Admin may demote the first; the demoted one can no longer manage users.
    await expect(h.handlers.updateUser({ userId: admin.userId, role: 'Manager' }, as(second.principal))).resolves.toMatchObject({ role: 'Manager' });
    expect(await codeOf(h.handlers.updateUser({ userId: second.userId, role: 'Member' }, as(admin.principal)))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.updateUser({ userId: second.userId, role: 'Member' }, as(second.principal)))).toBe('INVALID_OPERATION');
    // The guard itself: the only active Admin cannot be the one leaving.
    const guard = (leaving: string) => h.db.transaction((trx) => ensureAnotherActiveAdmin(trx, admin.accountId, leaving));
    expect(await codeOf(guard(second.userId))).toBe('INVALID_OPERATION');
    await expect(guard(admin.userId)).resolves.toBeUndefined();
  });

  it('deactivates a user: sessions revoked, and authenticate, refresh and login answer USER_INACTIVE', async () => {
    const admin = await signUp(h);
    const member = await inviteAndAccept(h, admin.principal, 'Member');
    const manager = await inviteAndAccept(h, admin.principal, 'Manager');
    const other = await signUp(h);
    expect(await codeOf(h.handlers.deactivateUser({ userId: member.userId }, as(manager.principal)))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.deactivateUser({ userId: admin.userId }, as(admin.principal)))).toBe('INVALID_OPERATION');
    expect(await codeOf(h.handlers.deactivateUser({ userId: other.userId }, as(admin.principal)))).toBe('NOT_FOUND');

    const second = await h.handlers.login({ email: member.email, password: PASSWORD }, as());
    const done = await h.handlers.deactivateUser({ userId: member.userId }, as(admin.principal));
    expect(done).toMatchObject({ userId: member.userId, status: 'inactive' });
    expect(await h.db('sessions').where({ user_id: member.userId }).whereNull('revoked_at')).toHaveLength(0);
    for (const tokens of [member.tokens, second]) {
      expect(await codeOf(h.handlers.authenticateAccessToken({ sessionId: sidOf(tokens.accessToken), userId: member.userId }, as()))).toBe('USER_INACTIVE');
      expect(await codeOf(h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as()))).toBe('USER_INACTIVE');
    }
    expect(await codeOf(h.handlers.login({ email: member.email, password: PASSWORD }, as()))).toBe('USER_INACTIVE');
    // State is only revealed after the right password.
    expect(await codeOf(h.handlers.login({ email: member.email, password: 'wrong password!' }, as()))).toBe('UNAUTHORIZED');
    // Again: nothing changes.
    await expect(h.handlers.deactivateUser({ userId: member.userId }, as(admin.principal))).resolves.toMatchObject({ status: 'inactive' });
    // Other users keep their sessions.
    await expect(h.handlers.refreshToken({ refreshToken: manager.tokens.refreshToken }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('kills the invitation of a deactivated invited user', async () => {
    const admin = await signUp(h);
    const email = uniqueEmail('gone');
    const invited = await h.handlers.inviteUser({ email, role: 'Member' }, as(admin.principal));
    await h.handlers.deactivateUser({ userId: invited.userId }, as(admin.principal));
    expect(await codeOf(h.handlers.acceptInvitation({ token: await invitationTokenFor(h, email), password: PASSWORD }, as()))).toBe('INVALID_OR_EXPIRED');
  });
});
