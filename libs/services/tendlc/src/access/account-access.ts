import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string | undefined | null): value is string => typeof value === 'string' && UUID.test(value);

/**
 * The account a call is about: the request's, which must be the caller's own
 * (another tenant's is NOT_FOUND), or the caller's when the route names none
 * (`GET /v1/tendlc/brands`).
 */
export function ownAccountId(principal: Principal, requested: string): string {
  const accountId = requested || principal.accountId;
  if (!isUuid(accountId) || accountId !== principal.accountId) throw DomainError.notFound('Account');
  return accountId;
}
