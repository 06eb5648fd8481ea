import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { isUuid } from '../shared/ids';
import { findUser } from './accounts.repository';
import { toUser } from './account.mapper';

export async function getMe(ctx: IdentityContext, principal: Principal): Promise<identityV1.User> {
  requireUser(principal);
  const user = isUuid(principal.userId) ? await findUser(ctx.db, principal.userId) : undefined;
  if (!user || user.account_id !== principal.accountId) throw new DomainError('USER_NOT_FOUND', 'User not found.');
  return toUser(user);
}
