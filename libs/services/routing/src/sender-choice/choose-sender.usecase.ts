import type { routingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError, FieldErrors } from '@mp/problems';
import { CHANNEL_TYPES, isChannelType } from '../numbers/number.rules';
import type { RoutingDeps } from '../routing-deps';
import { pickSender } from './pick-sender';

export interface ChooseSenderInput {
  accountId: string;
  subaccountId?: string;
  channelType: string;
  destination: string;
}

/**
 * Which number a channel attempt goes from, asked by messaging at dispatch
 * time, at every attempt (so a send accepted just before the number existed
 * still finds it, and each fallback channel gets its own sender). Messaging's
 * dispatch job calls as itself (a service reaches every account); a customer
 * is held to its own. With a pool the pick counts: rotation moves on, the
 * number's use is counted, a Sticky pool remembers the recipient.
 */
export async function chooseSender(
  deps: Pick<RoutingDeps, 'db' | 'clock' | 'random'>,
  principal: Principal,
  input: ChooseSenderInput,
): Promise<routingV1.ChooseSenderResponse> {
  const errors = new FieldErrors();
  if (input.accountId === '') errors.add('accountId', 'accountId is required.');
  if (!isChannelType(input.channelType)) errors.add('channelType', `channelType must be one of ${CHANNEL_TYPES.join(', ')}.`);
  errors.throwIfAny();
  const channel = input.channelType as (typeof CHANNEL_TYPES)[number];
  const { subaccountId } = reachAccount(principal, { accountId: input.accountId, subaccountId: input.subaccountId });
  const choice = await pickSender(deps, { accountId: input.accountId, subaccountId, channel, destination: input.destination }, 'commit');
  if (choice.kind === 'none') throw new DomainError('INVALID_OPERATION', choice.reason);
  return { numberId: choice.numberId, fromAddress: choice.fromAddress, poolId: choice.poolId };
}
