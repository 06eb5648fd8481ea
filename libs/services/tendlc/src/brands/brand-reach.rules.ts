import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { BrandRow } from './brand';

export type BrandNeed = 'read' | 'register';

/** The API-key right of the 10DLC routes: a brand is what the account's traffic is routed under. */
export const MANAGE_ROUTING = 'ManageRouting';
const REGISTERING_ROLES: readonly string[] = ['Admin', 'Manager'];

/**
 * The one access rule of the brand routes (spec 4.8, 5): an API key needs
 * ManageRouting, to read as to register; a user reads with any role and
 * registers as Admin or Manager. A brand is the account's (its business as
 * the registry knows it), so a caller limited to a subaccount reaches no
 * brand routes (404, like any account-wide view); another account is 404.
 */
export function reachBrands(principal: Principal, accountId: string, need: BrandNeed): string {
  // The public routes name no account: the caller's own.
  const reach = reachAccount(principal, { accountId: accountId || principal.accountId || '', right: MANAGE_ROUTING, accountWide: true });
  if (principal.kind === 'user' && need === 'register' && !REGISTERING_ROLES.includes(principal.role ?? '')) {
    throw new DomainError('FORBIDDEN', 'Registering a 10DLC brand needs the Admin or Manager role.');
  }
  return reach.accountId;
}

/** A brand of the account, or 404 (unknown, or another account's: never told apart). */
export function reachableBrand(accountId: string, row: BrandRow | undefined): BrandRow {
  if (!row || row.account_id !== accountId) throw DomainError.notFound('Brand');
  return row;
}
