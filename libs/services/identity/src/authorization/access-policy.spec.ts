import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { canReachSubaccount, requireManager, requireUser } from './access-policy';

const admin: Principal = { kind: 'user', accountId: 'a1', userId: 'u1', role: 'Admin' };
const member: Principal = { ...admin, role: 'Member' };
const key: Principal = { kind: 'api_key', accountId: 'a1', apiKeyId: 'k1', rights: [] };

const codeOf = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as DomainError).code;
  }
};

describe('access policy', () => {
  it('lets only Admin and Manager users manage', () => {
    expect(codeOf(() => requireManager(admin))).toBe('ok');
    expect(codeOf(() => requireManager({ ...admin, role: 'Manager' }))).toBe('ok');
    expect(codeOf(() => requireManager(member))).toBe('FORBIDDEN');
    expect(codeOf(() => requireManager(key))).toBe('FORBIDDEN');
  });

  it('refuses API keys where a user is needed', () => {
    expect(codeOf(() => requireUser(key))).toBe('FORBIDDEN');
    expect(codeOf(() => requireUser(member))).toBe('ok');
  });

  it('limits a subaccount-bound principal to its subaccount', () => {
    expect(canReachSubaccount(admin, 's1')).toBe(true);
    expect(canReachSubaccount({ ...admin, subaccountId: 's1' }, 's1')).toBe(true);
    expect(canReachSubaccount({ ...admin, subaccountId: 's1' }, 's2')).toBe(false);
    expect(canReachSubaccount({ ...admin, subaccountId: 's1' }, null)).toBe(false);
  });
});
