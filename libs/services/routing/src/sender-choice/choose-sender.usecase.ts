import type { routingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError, FieldErrors } from '@mp/problems';
import { CHANNEL_TYPES, isChannelType } from '../numbers/number.rules';
import type { RoutingDeps } from '../routing-deps';
import { pickSenders, type SendScope } from './pick-sender';

export interface ChooseSenderInput {
  accountId: string;
  subaccountId?: string;
  channelType: string;
  destination: string;
}

/** One attempt's answer: its sender, or the error ChooseSender refuses it with. */
export type SenderOutcome = { sender: routingV1.ChooseSenderResponse } | { error: DomainError };

type ChooseDeps = Pick<RoutingDeps, 'db' | 'clock' | 'random'>;

/**
 * Which number a channel attempt goes from, asked by messaging at dispatch
 * time, at every attempt (so a send accepted just before the number existed
 * still finds it, and each fallback channel gets its own sender). Messaging's
 * dispatch job calls as itself (a service reaches every account); a customer
 * is held to its own. With a pool the pick counts: rotation moves on, the
 * number's use is counted, a Sticky pool remembers the recipient. The batch
 * of one of chooseSenders.
 */
export async function chooseSender(deps: ChooseDeps, principal: Principal, input: ChooseSenderInput): Promise<routingV1.ChooseSenderResponse> {
  const [outcome] = await chooseSenders(deps, principal, [input]);
  if ('error' in outcome) throw outcome.error;
  return outcome.sender;
}

/**
 * ChooseSender for many attempts (messaging's dispatcher batches them): the
 * outcomes in request order, each what ChooseSender would have answered had
 * the attempts been asked one after another in that order. An attempt it
 * would refuse (invalid, out of the caller's reach, no sender) gets that
 * error; the others are still chosen.
 */
export async function chooseSenders(deps: ChooseDeps, principal: Principal, inputs: readonly ChooseSenderInput[]): Promise<SenderOutcome[]> {
  const outcomes: Array<SenderOutcome | undefined> = [];
  const toPick: Array<{ index: number; scope: SendScope }> = [];
  inputs.forEach((input, index) => {
    try {
      toPick.push({ index, scope: sendScopeOf(principal, input) });
      outcomes.push(undefined);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcomes.push({ error });
    }
  });
  const choices = await pickSenders(
    deps,
    toPick.map((p) => p.scope),
    'commit',
  );
  toPick.forEach(({ index }, i) => {
    const choice = choices[i];
    outcomes[index] =
      choice.kind === 'none'
        ? { error: new DomainError('INVALID_OPERATION', choice.reason) }
        : { sender: { numberId: choice.numberId, fromAddress: choice.fromAddress, poolId: choice.poolId } };
  });
  return outcomes as SenderOutcome[];
}

/** The attempt's scope, validated and within the caller's reach. */
function sendScopeOf(principal: Principal, input: ChooseSenderInput): SendScope {
  const errors = new FieldErrors();
  if (input.accountId === '') errors.add('accountId', 'accountId is required.');
  if (!isChannelType(input.channelType)) errors.add('channelType', `channelType must be one of ${CHANNEL_TYPES.join(', ')}.`);
  errors.throwIfAny();
  const channel = input.channelType as (typeof CHANNEL_TYPES)[number];
  const { subaccountId } = reachAccount(principal, { accountId: input.accountId, subaccountId: input.subaccountId });
  return { accountId: input.accountId, subaccountId, channel, destination: input.destination };
}

/** An outcome as ChooseSenders answers it: the error's code and detail as a client of ChooseSender would read them. */
export function senderChoiceToProto(outcome: SenderOutcome): routingV1.SenderChoice {
  if ('sender' in outcome) return { sender: outcome.sender };
  return { errorCode: outcome.error.code, errorMessage: outcome.error.detail ?? outcome.error.message };
}
