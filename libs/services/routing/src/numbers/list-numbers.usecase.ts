import { reachAccount, requirePrincipal, type Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import type { SenderNumber } from './number.rules';
import type { NumbersRepository } from './numbers.repository';

/** GET /v1/numbers: the caller's account's numbers, optionally one subaccount's. */
export class ListNumbersUseCase {
  constructor(
    private readonly db: Knex,
    private readonly numbers: NumbersRepository,
  ) {}

  async execute(input: { accountId: string; subaccountId?: string }, principal: Principal = requirePrincipal()): Promise<SenderNumber[]> {
    const { subaccountId } = reachAccount(principal, { accountId: input.accountId, subaccountId: input.subaccountId });
    return this.numbers.listForAccount(this.db, input.accountId, subaccountId);
  }
}
