import { identityEvents } from '@mp/contracts';
import { as, codeOf, outboxEvents, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';
import { inviteAndAccept } from '../testing/user-helpers';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

/** The AccessChanged events of an account (committed with their change), oldest first. */
const accessChanges = async (accountId: string) =>
  (await outboxEvents(h, 'AccessChanged', accountId)).map((e) => ({ topic: e.topic, ...identityEvents.AccessChanged.fromJSON(e.payload) }));

describe('AccessChanged: what cached principals and standings depend on (issue 13)', () => {
  it('announces a revoked and a deleted key once each, naming the key', async () => {
    const { accountId, principal } = await signUp(h);
    const revoking = await h.handlers.createApiKey({ name: 'a', rights: [], rightsGiven: false }, as(principal));
    const deleting = await h.handlers.createApiKey({ name: 'b', rights: [], rightsGiven: false }, as(principal));
    expect(await accessChanges(accountId)).toEqual([]);

    await h.handlers.revokeApiKey({ apiKeyId: revoking.apiKey!.apiKeyId }, as(principal));
    await h.handlers.revokeApiKey({ apiKeyId: revoking.apiKey!.apiKeyId }, as(principal)); // already revoked: no change
    await h.handlers.revokeApiKey({ apiKeyId: deleting.apiKey!.apiKeyId, purge: true }, as(principal));
    // A revoked key deleted later is a change too.
    await h.handlers.revokeApiKey({ apiKeyId: revoking.apiKey!.apiKeyId, purge: true }, as(principal));

    expect(await accessChanges(accountId)).toEqual([
      { topic: 'identity.events', accountId, apiKeyId: revoking.apiKey!.apiKeyId, reason: 'api_key_revoked' },
      { topic: 'identity.events', accountId, apiKeyId: deleting.apiKey!.apiKeyId, reason: 'api_key_deleted' },
      { topic: 'identity.events', accountId, apiKeyId: revoking.apiKey!.apiKeyId, reason: 'api_key_deleted' },
    ]);
  });

  it('announces new rights of a key, not a new name, and nothing for a refused change', async () => {
    const { accountId, principal } = await signUp(h);
    const created = await h.handlers.createApiKey({ name: 'k', rights: [], rightsGiven: false }, as(principal));
    const apiKeyId = created.apiKey!.apiKeyId;
    await h.handlers.updateApiKey({ apiKeyId, name: 'renamed', rights: [], rightsGiven: false }, as(principal));
    expect(await codeOf(h.handlers.updateApiKey({ apiKeyId, rights: ['Nope'], rightsGiven: true }, as(principal)))).toBe('VALIDATION_FAILED');
    await h.handlers.updateApiKey({ apiKeyId, rights: ['ReadMessages'], rightsGiven: true }, as(principal));
    expect(await accessChanges(accountId)).toEqual([{ topic: 'identity.events', accountId, apiKeyId, reason: 'api_key_updated' }]);
  });

  it('announces a deactivated user once', async () => {
    const admin = await signUp(h);
    const member = await inviteAndAccept(h, admin.principal, 'Member');
    await h.handlers.deactivateUser({ userId: member.userId }, as(admin.principal));
    await h.handlers.deactivateUser({ userId: member.userId }, as(admin.principal));
    expect(await accessChanges(admin.accountId)).toEqual([
      { topic: 'identity.events', accountId: admin.accountId, userId: member.userId, reason: 'user_deactivated' },
    ]);
  });

  it('announces new quotas of a subaccount, not a new name', async () => {
    const { accountId, principal } = await signUp(h);
    const sub = await h.handlers.createSubaccount({ accountId, name: 'EU', dailyQuota: 10 }, as(principal));
    await h.handlers.updateSubaccount({ accountId, subaccountId: sub.subaccountId, name: 'Europe' }, as(principal));
    await h.handlers.updateSubaccount({ accountId, subaccountId: sub.subaccountId, dailyQuota: { value: 1 } }, as(principal));
    expect(await accessChanges(accountId)).toEqual([
      { topic: 'identity.events', accountId, subaccountId: sub.subaccountId, reason: 'subaccount_updated' },
    ]);
  });
});
