import { isUuid, assertOwnAccount, type Principal } from '@mp/grpc';

export { isUuid };

/**
 * The account a call is about: the request's, which must be the caller's own
 * (another tenant's is NOT_FOUND), or the caller's when the route names none
 * (`GET /v1/tendlc/brands`).
 */
export function ownAccountId(principal: Principal, requested: string): string {
  const accountId = requested || principal.accountId;
  assertOwnAccount(principal, accountId);
  return accountId;
}
