import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { toUser } from '../accounts/account.mapper';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { listUsers } from './users.repository';

/** Users of the caller's account, oldest first; a user limited to a subaccount sees only that subaccount's users. */
export async function listUsersOf(ctx: IdentityContext, principal: Principal): Promise<identityV1.ListUsersResponse> {
  requireUser(principal);
  const actor = await currentUser(ctx.db, principal);
  return { items: (await listUsers(ctx.db, actor.account_id, actor.subaccount_id)).map(toUser) };
}
