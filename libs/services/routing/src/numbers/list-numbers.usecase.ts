import { reachAccount, type Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import type { SenderNumber } from './number.rules';
import { listNumbersForAccount } from './numbers.repository';

/**
 * GET /v1/numbers: the caller's account's active numbers (released ones are
 * gone); for a subaccount, its own and the account-level ones it sends from.
 * Any customer of the account (the sandbox inbound route asks it with the
 * caller's key, whatever its rights).
 */
export async function listNumbers(db: Knex, principal: Principal, input: { accountId: string; subaccountId?: string }): Promise<SenderNumber[]> {
  const { subaccountId } = reachAccount(principal, { accountId: input.accountId, subaccountId: input.subaccountId });
  return listNumbersForAccount(db, input.accountId, subaccountId);
}
