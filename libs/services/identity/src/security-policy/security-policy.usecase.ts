import type { identityV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { toIsoOrUndefined } from '../shared/time';
import { consumeStepUpToken } from '../step-up/step-up-tokens';
import { findSecurityPolicy, saveSecurityPolicy, type SecurityPolicyRow } from './security-policy.repository';

function toSecurityPolicy(accountId: string, row: SecurityPolicyRow | undefined): identityV1.SecurityPolicy {
  return { accountId, requireMfa: row?.require_mfa === true, updatedAt: toIsoOrUndefined(row?.updated_at) };
}

/** Another account (or a malformed id) is NOT_FOUND, never FORBIDDEN. */
function requireOwnAccount(principal: Principal, accountId: string | undefined): string {
  const id = (accountId ?? '').trim();
  reachAccount(principal, { accountId: id });
  return id;
}

/** Any user or API key of the account may read the policy. */
export async function getSecurityPolicy(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.GetSecurityPolicyRequest,
): Promise<identityV1.SecurityPolicy> {
  const accountId = requireOwnAccount(principal, request.accountId);
  return toSecurityPolicy(accountId, await findSecurityPolicy(ctx.db, accountId));
}

/**
 * Spec 2.9, 4.1: an Admin with MFA on, with a step-up token for
 * AccountSecurityPolicy (consumed in this transaction, so a refused update
 * leaves it usable). Requiring MFA without having it would lock the Admin
 * out at the next sign-in into enrollment, hence MFA_NOT_ENABLED first.
 */
export async function updateSecurityPolicy(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.UpdateSecurityPolicyRequest,
): Promise<identityV1.SecurityPolicy> {
  requireUser(principal);
  const accountId = requireOwnAccount(principal, request.accountId);
  const requireMfa = request.requireMfa === true;
  return ctx.db.transaction(async (trx) => {
    const user = await currentUser(trx, principal);
    if (user.role !== 'Admin') throw new DomainError('FORBIDDEN', 'Only an Admin may change the account security policy.');
    if (!user.mfa_enabled) throw new DomainError('MFA_NOT_ENABLED', 'Turn on MFA before changing the account security policy.');
    await consumeStepUpToken(ctx, trx, { userId: user.id, action: 'AccountSecurityPolicy', token: request.stepUpToken });
    const row = await saveSecurityPolicy(trx, { accountId, requireMfa, userId: user.id }, ctx.clock.now());
    return toSecurityPolicy(accountId, row);
  });
}
