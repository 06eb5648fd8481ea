import { DomainError } from '@mp/problems';
import type { Principal } from './call-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The caller's own account, or NOT_FOUND: another tenant's data never shows that it exists. */
export function assertOwnAccount(principal: Principal, accountId: string, what = 'Account'): void {
  if (!isUuid(accountId) || accountId !== principal.accountId) throw DomainError.notFound(what);
}

/** An API key needs the named right; users are authorised by role, account and subaccount. */
export function assertRight(principal: Principal, right: string): void {
  if (principal.kind === 'api_key' && !(principal.rights ?? []).includes(right)) {
    throw new DomainError('FORBIDDEN', `The API key lacks the ${right} right.`);
  }
}
