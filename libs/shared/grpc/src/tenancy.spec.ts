import { DomainError } from '@mp/problems';
import { assertOwnAccount, assertRight, isUuid } from './tenancy';

const acc = '3f2b8c1e-9a4d-4e5f-8a6b-7c8d9e0f1a2b';
describe('tenancy', () => {
  it('recognises uuids only', () => {
    expect(isUuid(acc)).toBe(true);
    expect(isUuid(acc.toUpperCase())).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
  it('answers another account as NOT_FOUND, never FORBIDDEN', () => {
    const principal = { kind: 'user' as const, accountId: acc };
    expect(() => assertOwnAccount(principal, acc)).not.toThrow();
    for (const other of ['9f2b8c1e-9a4d-4e5f-8a6b-7c8d9e0f1a2b', 'x']) {
      try {
        assertOwnAccount(principal, other);
        throw new Error('expected NOT_FOUND');
      } catch (e) {
        expect((e as DomainError).code).toBe('NOT_FOUND');
      }
    }
  });
  it('holds API keys to their rights and lets users through', () => {
    expect(() => assertRight({ kind: 'api_key', accountId: acc, rights: ['ReadMessages'] }, 'SendMessages')).toThrow(/lacks the SendMessages/);
    expect(() => assertRight({ kind: 'api_key', accountId: acc, rights: ['SendMessages'] }, 'SendMessages')).not.toThrow();
    expect(() => assertRight({ kind: 'user', accountId: acc }, 'SendMessages')).not.toThrow();
  });
});
