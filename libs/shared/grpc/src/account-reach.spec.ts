import { randomUUID } from 'node:crypto';
import { DomainError } from '@mp/problems';
import { reachAccount, type ReachRequest } from './account-reach';
import type { Principal } from './call-context';

const account = randomUUID();
const other = randomUUID();
const sub = randomUUID();
const otherSub = randomUUID();
const rights = ['SendMessages', 'ReadMessages', 'ManageWebhooks'];

const callers: Record<string, Principal> = {
  Admin: { kind: 'user', accountId: account, userId: 'u-a', role: 'Admin' },
  Manager: { kind: 'user', accountId: account, userId: 'u-m', role: 'Manager' },
  Member: { kind: 'user', accountId: account, userId: 'u-b', role: 'Member' },
  'subaccount-limited user': { kind: 'user', accountId: account, userId: 'u-s', role: 'Member', subaccountId: sub },
  'all-rights key': { kind: 'api_key', accountId: account, apiKeyId: 'k-all', rights },
  'key missing the right': { kind: 'api_key', accountId: account, apiKeyId: 'k-some', rights: ['SendMessages'] },
  'subaccount-limited key': { kind: 'api_key', accountId: account, apiKeyId: 'k-sub', rights, subaccountId: sub },
  system: { kind: 'system', accountId: account },
  anonymous: { kind: 'anonymous', accountId: '' },
};

/** The outcome as one word: the subaccount it is limited to, or the problem's code and what was not found. */
function outcome(principal: Principal, request: ReachRequest): string {
  try {
    const reach = reachAccount(principal, request);
    return `ok ${reach.subaccountId === undefined ? 'account' : reach.subaccountId === sub ? 'sub' : 'otherSub'}`;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.code === 'NOT_FOUND' ? `404 ${error.detail}` : `${error.status} ${error.code}`;
  }
}

const cases: Array<[string, ReachRequest]> = [
  ['own account', { accountId: account }],
  ['own account, a subaccount', { accountId: account, subaccountId: sub }],
  ['own account, another subaccount', { accountId: account, subaccountId: otherSub }],
  ['own account, account-wide view', { accountId: account, accountWide: true }],
  ['own account, needing ReadMessages', { accountId: account, right: 'ReadMessages' }],
  ['another tenant', { accountId: other }],
  ['another tenant, needing ReadMessages', { accountId: other, right: 'ReadMessages' }],
  ['a malformed account id', { accountId: 'acc-1' }],
  ['a malformed subaccount id', { accountId: account, subaccountId: 'sub-1' }],
  ['a message of another tenant', { accountId: other, what: 'Message' }],
];

const expected: Record<string, string[]> = {
  // own | own+sub | own+otherSub | account-wide | right | other | other+right | bad account | bad sub | other's message
  Admin: ['ok account', 'ok sub', 'ok otherSub', 'ok account', 'ok account', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Subaccount not found.', '404 Message not found.'],
  Manager: ['ok account', 'ok sub', 'ok otherSub', 'ok account', 'ok account', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Subaccount not found.', '404 Message not found.'],
  Member: ['ok account', 'ok sub', 'ok otherSub', 'ok account', 'ok account', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Subaccount not found.', '404 Message not found.'],
  'subaccount-limited user': ['ok sub', 'ok sub', '404 Subaccount not found.', '404 Account not found.', 'ok sub', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Subaccount not found.', '404 Message not found.'],
  'all-rights key': ['ok account', 'ok sub', 'ok otherSub', 'ok account', 'ok account', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Subaccount not found.', '404 Message not found.'],
  'key missing the right': ['ok account', 'ok sub', 'ok otherSub', 'ok account', '403 FORBIDDEN', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Subaccount not found.', '404 Message not found.'],
  'subaccount-limited key': ['ok sub', 'ok sub', '404 Subaccount not found.', '404 Account not found.', 'ok sub', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Subaccount not found.', '404 Message not found.'],
  // Staff reach every account (holds); the account id must still be well formed.
  system: ['ok account', 'ok sub', 'ok otherSub', 'ok account', 'ok account', 'ok account', 'ok account', '404 Account not found.', '404 Subaccount not found.', 'ok account'],
  anonymous: ['404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Account not found.', '404 Message not found.'],
};

describe('reachAccount: the one access rule', () => {
  for (const [caller, principal] of Object.entries(callers)) {
    it(`${caller}`, () => {
      expect(Object.fromEntries(cases.map(([name, request]) => [name, outcome(principal, request)]))).toEqual(
        Object.fromEntries(cases.map(([name], i) => [name, expected[caller][i]])),
      );
    });
  }

  it('a service reaches every account, like staff', () => {
    expect(outcome({ kind: 'service', accountId: '', service: 'messaging' }, { accountId: other, subaccountId: sub })).toBe('ok sub');
  });
});
