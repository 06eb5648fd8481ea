import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError, FieldErrors } from '@mp/problems';
import type { Knex } from 'knex';
import { CHANNEL_TYPES, isChannelType } from '../numbers/number.rules';
import { findSender } from '../numbers/numbers.repository';

export interface ChooseSenderInput {
  accountId: string;
  subaccountId?: string;
  channelType: string;
  destination: string;
}

/**
 * Which number a message goes from, asked by messaging at dispatch time (so a
 * send accepted just before the number existed still finds it). Messaging's
 * dispatch job calls as itself (a service reaches every account); a customer is held to its own.
 */
export async function chooseSender(db: Knex, principal: Principal, input: ChooseSenderInput): Promise<{ numberId: string; fromAddress: string }> {
  const errors = new FieldErrors();
  if (input.accountId === '') errors.add('accountId', 'accountId is required.');
  if (!isChannelType(input.channelType)) errors.add('channelType', `channelType must be one of ${CHANNEL_TYPES.join(', ')}.`);
  errors.throwIfAny();
  const channel = input.channelType as (typeof CHANNEL_TYPES)[number];
  const { subaccountId } = reachAccount(principal, { accountId: input.accountId, subaccountId: input.subaccountId });
  // The destination will matter for pools (Sticky, ...); a single sender needs only the channel.
  const sender = await findSender(db, input.accountId, subaccountId, channel);
  if (!sender) throw new DomainError('INVALID_OPERATION', `No sender is provisioned for ${channel}.`);
  return { numberId: sender.numberId, fromAddress: sender.address };
}
