import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { findUser, type UserRow } from '../accounts/accounts.repository';
import { requireUser } from '../authorization/access-policy';
import { isUuid } from '../shared/ids';

/** The signed-in user behind a principal (API keys are refused), read with `db` (a transaction where there is one). */
export async function currentUser(db: Knex, principal: Principal): Promise<UserRow> {
  requireUser(principal);
  const user = isUuid(principal.userId) ? await findUser(db, principal.userId) : undefined;
  if (!user || user.account_id !== principal.accountId) throw new DomainError('USER_NOT_FOUND', 'User not found.');
  if (user.status !== 'active') throw new DomainError('USER_INACTIVE', 'This user is deactivated.');
  return user;
}
