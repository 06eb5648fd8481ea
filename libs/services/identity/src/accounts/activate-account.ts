import { identityEvents, TOPICS } from '@mp/contracts';
import type { Knex } from 'knex';
import type { IdentityContext } from '../identity-context';
import { activateAccount, markUserEmailVerified } from './accounts.repository';

/**
 * The user's email is proven (verification mail, or an issuer vouching for
 * it): the user is marked verified and a pending account becomes active, with
 * AccountActivated (routing provisions the sandbox numbers from it).
 */
export async function activateVerifiedUser(ctx: IdentityContext, trx: Knex.Transaction, ids: { accountId: string; userId: string }, now: Date): Promise<void> {
  await markUserEmailVerified(trx, ids.userId, now);
  if (await activateAccount(trx, ids.accountId, now)) {
    await ctx.outbox.enqueue(trx, {
      topic: TOPICS.identity,
      key: ids.accountId,
      type: 'AccountActivated',
      payload: identityEvents.AccountActivated.toJSON({ accountId: ids.accountId }),
    });
  }
}
