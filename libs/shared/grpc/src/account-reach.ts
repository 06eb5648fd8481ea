import { DomainError } from '@mp/problems';
import type { Principal } from './call-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export interface ReachRequest {
  /** The account the call is about. */
  accountId: string;
  /** The subaccount the route or request names, if any (an empty string counts as none). */
  subaccountId?: string;
  /** The API-key right the operation needs (users are authorised by role, in identity). */
  right?: string;
  /** An account-wide view a caller limited to a subaccount may not use (e.g. the account's inbound list). */
  accountWide?: boolean;
  /** What a refused caller is told was not found: `Message` when the route names a message. */
  what?: 'Account' | 'Subaccount' | 'Message';
}

export interface Reach {
  accountId: string;
  /** The subaccount the call is limited to: the one asked for, else the caller's own limit. */
  subaccountId?: string;
}

/**
 * The one access rule (spec 5): whether a principal reaches an account and,
 * optionally, one of its subaccounts. Staff (`system`) and services reach any
 * account; a customer (user or API key) only its own, and a customer limited
 * to a subaccount only that subaccount. Anything out of reach is NOT_FOUND,
 * never FORBIDDEN, so another tenant's data never shows that it exists; only
 * an API key missing the operation's right is FORBIDDEN, on its own account.
 */
export function reachAccount(principal: Principal, request: ReachRequest): Reach {
  const requested = request.subaccountId === '' ? undefined : request.subaccountId;
  const notFound = (fallback: 'Account' | 'Subaccount') => DomainError.notFound(request.what ?? fallback);
  if (principal.kind === 'system' || principal.kind === 'service') {
    if (!isUuid(request.accountId)) throw notFound('Account');
    if (requested !== undefined && !isUuid(requested)) throw notFound('Subaccount');
    return { accountId: request.accountId, subaccountId: requested };
  }
  if (principal.kind !== 'user' && principal.kind !== 'api_key') throw notFound('Account');
  if (!isUuid(request.accountId) || request.accountId !== principal.accountId) throw notFound('Account');
  if (requested !== undefined && !isUuid(requested)) throw notFound('Subaccount');
  const limit = principal.subaccountId;
  if (limit !== undefined) {
    if (requested !== undefined && requested !== limit) throw notFound('Subaccount');
    if (requested === undefined && request.accountWide) throw notFound('Account');
  }
  if (request.right !== undefined && principal.kind === 'api_key' && !(principal.rights ?? []).includes(request.right)) {
    throw new DomainError('FORBIDDEN', `The API key lacks the ${request.right} right.`);
  }
  return { accountId: request.accountId, subaccountId: requested ?? limit };
}
