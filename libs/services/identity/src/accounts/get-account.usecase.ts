import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireAccount } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { isUuid } from '../shared/ids';
import { findAccount } from './accounts.repository';
import { toAccount } from './account.mapper';

export async function getAccount(ctx: IdentityContext, principal: Principal, request: identityV1.GetAccountRequest): Promise<identityV1.Account> {
  requireAccount(principal, request.accountId);
  const account = isUuid(request.accountId) ? await findAccount(ctx.db, request.accountId) : undefined;
  if (!account) throw DomainError.notFound('Account');
  return toAccount(account);
}
