import type { Principal } from '@mp/grpc';
import { as, codeOf, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

describe('API keys (service, embedded database)', () => {
  it('creates a key shown once, authenticates it, and refuses it once revoked', async () => {
    const { accountId, principal } = await signUp(h);
    const created = await h.handlers.createApiKey({ name: 'server', rights: [], rightsGiven: false }, as(principal));
    expect(created.key).toMatch(/^mpk_[0-9A-Za-z]{32}$/);
    expect(created.apiKey).toMatchObject({
      name: 'server',
      rights: ['SendMessages', 'ReadMessages'],
      status: 'active',
      prefix: created.key.slice(0, 8),
    });
    // stored hashed: the key appears nowhere in the table
    expect(JSON.stringify(await h.db('api_keys').where({ account_id: accountId }))).not.toContain(created.key);

    expect(await h.handlers.authenticateApiKey({ key: created.key }, as())).toEqual({
      principal: {
        kind: 'api_key',
        accountId,
        apiKeyId: created.apiKey!.apiKeyId,
        subaccountId: undefined,
        rights: ['SendMessages', 'ReadMessages'],
      },
      expiresAt: undefined,
    });

    const revoked = await h.handlers.revokeApiKey({ apiKeyId: created.apiKey!.apiKeyId }, as(principal));
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect(await codeOf(h.handlers.authenticateApiKey({ key: created.key }, as()))).toBe('API_KEY_REVOKED');
    // revoking twice is fine and keeps the first revocation time
    h.clock.advance(60);
    expect(await h.handlers.revokeApiKey({ apiKeyId: created.apiKey!.apiKeyId }, as(principal))).toEqual(revoked);
  });

  it('deletes a key for good when purged: unlisted, unchangeable, and API_KEY_DELETED when presented', async () => {
    const { accountId, principal } = await signUp(h);
    const created = await h.handlers.createApiKey({ name: 'old', rights: [], rightsGiven: false }, as(principal));
    const apiKeyId = created.apiKey!.apiKeyId;
    const deleted = await h.handlers.revokeApiKey({ apiKeyId, purge: true }, as(principal));
    expect(deleted).toMatchObject({ status: 'deleted', revokedAt: expect.any(String) });
    expect(await codeOf(h.handlers.authenticateApiKey({ key: created.key }, as()))).toBe('API_KEY_DELETED');
    expect((await h.handlers.listApiKeys({}, as(principal))).items).toEqual([]);
    expect(await codeOf(h.handlers.updateApiKey({ apiKeyId, name: 'new', rights: [], rightsGiven: false }, as(principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.revokeApiKey({ apiKeyId }, as(principal)))).toBe('NOT_FOUND');
    // The row stays so the presented key is told apart from an unknown one.
    expect(await h.db('api_keys').where({ account_id: accountId, status: 'deleted' })).toHaveLength(1);
  });

  it('expires a key by the sandbox clock', async () => {
    const { principal } = await signUp(h);
    const expiresAt = new Date(h.clock.now().getTime() + 3600_000).toISOString();
    const created = await h.handlers.createApiKey({ name: 'short-lived', rights: [], rightsGiven: false, expiresAt }, as(principal));
    expect(created.apiKey!.expiresAt).toBe(expiresAt);
    // The expiry travels with the principal: a gateway caching it keeps it no longer.
    await expect(h.handlers.authenticateApiKey({ key: created.key }, as())).resolves.toMatchObject({ principal: { kind: 'api_key' }, expiresAt });
    h.clock.advance(3600);
    expect(await codeOf(h.handlers.authenticateApiKey({ key: created.key }, as()))).toBe('API_KEY_EXPIRED');
  });

  it('answers API_KEY_INVALID for unknown and malformed keys, API_KEY_DELETED for deleted ones', async () => {
    expect(await codeOf(h.handlers.authenticateApiKey({ key: 'mpk_' + 'a'.repeat(32) }, as()))).toBe('API_KEY_INVALID');
    expect(await codeOf(h.handlers.authenticateApiKey({ key: "mpk_' or 1=1 --" }, as()))).toBe('API_KEY_INVALID');
    const { principal } = await signUp(h);
    const created = await h.handlers.createApiKey({ name: 'k', rights: [], rightsGiven: false }, as(principal));
    await h.db('api_keys').where({ id: created.apiKey!.apiKeyId }).update({ status: 'deleted' });
    expect(await codeOf(h.handlers.authenticateApiKey({ key: created.key }, as()))).toBe('API_KEY_DELETED');
  });

  it('refuses the key of an account that is not active', async () => {
    const { accountId, principal } = await signUp(h);
    const created = await h.handlers.createApiKey({ name: 'k', rights: [], rightsGiven: false }, as(principal));
    await h.db('accounts').where({ id: accountId }).update({ status: 'pending' });
    expect(await codeOf(h.handlers.authenticateApiKey({ key: created.key }, as()))).toBe('ACCOUNT_INACTIVE');
  });

  it('validates rights, expiry and subaccount', async () => {
    const { principal } = await signUp(h);
    const other = await signUp(h);
    const foreign = await h.handlers.createSubaccount({ accountId: other.accountId, name: 'theirs' }, as(other.principal));
    const past = new Date(h.clock.now().getTime() - 1000).toISOString();
    const error = await h.handlers
      .createApiKey({ name: 'k', rights: ['SendMessages', 'Everything'], rightsGiven: true, expiresAt: past, subaccountId: foreign.subaccountId }, as(principal))
      .catch((e) => e);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.extensions.errors)).toEqual(['rights', 'expiresAt']);
    const foreignSub = await h.handlers
      .createApiKey({ name: 'k', rights: [], rightsGiven: false, subaccountId: foreign.subaccountId }, as(principal))
      .catch((e) => e);
    expect(foreignSub.extensions.errors).toHaveProperty('subaccountId');
  });

  it('limits a key to a subaccount of the account', async () => {
    const { accountId, principal } = await signUp(h);
    const sub = await h.handlers.createSubaccount({ accountId, name: 'EU' }, as(principal));
    const created = await h.handlers.createApiKey(
      { name: 'eu', rights: ['SendMessages', 'ManageRecipientConsent'], rightsGiven: true, subaccountId: sub.subaccountId },
      as(principal),
    );
    expect((await h.handlers.authenticateApiKey({ key: created.key }, as())).principal).toMatchObject({
      subaccountId: sub.subaccountId,
      rights: ['SendMessages', 'ManageRecipientConsent'],
    });
  });

  it('lets only Admin and Manager users manage keys', async () => {
    const { accountId, principal } = await signUp(h);
    const member: Principal = { ...principal, role: 'Member' };
    const key: Principal = { kind: 'api_key', accountId, apiKeyId: 'x', rights: ['SendMessages'] };
    expect(await codeOf(h.handlers.createApiKey({ name: 'k', rights: [], rightsGiven: false }, as(member)))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.createApiKey({ name: 'k', rights: [], rightsGiven: false }, as(key)))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.listApiKeys({}, as(member)))).toBe('FORBIDDEN');
    await expect(h.handlers.createApiKey({ name: 'k', rights: [], rightsGiven: false }, as({ ...principal, role: 'Manager' }))).resolves.toBeDefined();
  });

  it('lists without key material, updates name and rights, hides other accounts’ keys', async () => {
    const { principal } = await signUp(h);
    const created = await h.handlers.createApiKey({ name: 'first', rights: [], rightsGiven: false }, as(principal));
    const id = created.apiKey!.apiKeyId;

    const { items } = await h.handlers.listApiKeys({}, as(principal));
    expect(items.map((k) => k.apiKeyId)).toEqual([id]);
    expect(JSON.stringify(items)).not.toContain(created.key);
    expect(items[0].prefix).toBe(created.key.slice(0, 8));

    const updated = await h.handlers.updateApiKey({ apiKeyId: id, name: 'renamed', rights: ['ManageWebhooks'], rightsGiven: true }, as(principal));
    expect(updated).toMatchObject({ name: 'renamed', rights: ['ManageWebhooks'] });
    expect((await h.handlers.authenticateApiKey({ key: created.key }, as())).principal?.rights).toEqual(['ManageWebhooks']);
    const renamedOnly = await h.handlers.updateApiKey({ apiKeyId: id, name: 'again', rights: [], rightsGiven: false }, as(principal));
    expect(renamedOnly.rights).toEqual(['ManageWebhooks']);
    expect(await codeOf(h.handlers.updateApiKey({ apiKeyId: id, rights: ['Nope'], rightsGiven: true }, as(principal)))).toBe('VALIDATION_FAILED');

    const stranger = await signUp(h);
    expect(await codeOf(h.handlers.revokeApiKey({ apiKeyId: id }, as(stranger.principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.updateApiKey({ apiKeyId: id, name: 'x', rights: [], rightsGiven: false }, as(stranger.principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.revokeApiKey({ apiKeyId: 'not-a-uuid' }, as(principal)))).toBe('NOT_FOUND');
    expect((await h.handlers.listApiKeys({}, as(stranger.principal))).items).toEqual([]);
  });
});
