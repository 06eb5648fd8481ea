import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string | undefined | null): value is string => typeof value === 'string' && UUID.test(value);

/** The caller's own account, or NOT_FOUND: another tenant's data never shows it exists. */
export function assertOwnAccount(principal: Principal, accountId: string): void {
  if (!isUuid(accountId) || accountId !== principal.accountId) throw DomainError.notFound('Account');
}

/**
 * Which subaccount a list may cover. A caller limited to a subaccount reaches
 * only that one: the account-wide list and other subaccounts are NOT_FOUND.
 */
export function resolveSubaccountScope(principal: Principal, subaccountId: string | undefined): string | undefined {
  if (principal.subaccountId) {
    if (subaccountId === undefined) {
      throw new DomainError('NOT_FOUND', 'The account-wide list is not available to an API key or user scoped to a subaccount.');
    }
    if (subaccountId !== principal.subaccountId) throw DomainError.notFound('Subaccount');
  }
  if (subaccountId !== undefined && !isUuid(subaccountId)) throw DomainError.notFound('Subaccount');
  return subaccountId;
}

/** An API key needs the named right; users are authorised by account and subaccount. */
export function assertRight(principal: Principal, right: string): void {
  if (principal.kind === 'api_key' && !(principal.rights ?? []).includes(right)) {
    throw new DomainError('FORBIDDEN', `The API key lacks the ${right} right.`);
  }
}
