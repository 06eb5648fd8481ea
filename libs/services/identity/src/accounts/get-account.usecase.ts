import type { identityV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { IdentityContext } from '../identity-context';
import { findAccount } from './accounts.repository';
import { toAccount } from './account.mapper';

export async function getAccount(ctx: IdentityContext, principal: Principal, request: identityV1.GetAccountRequest): Promise<identityV1.Account> {
  reachAccount(principal, { accountId: request.accountId });
  const account = await findAccount(ctx.db, request.accountId);
  if (!account) throw DomainError.notFound('Account');
  return toAccount(account);
}
