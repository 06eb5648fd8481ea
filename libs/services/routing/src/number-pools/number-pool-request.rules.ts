import { isUuid } from '@mp/grpc';
import { DomainError, FieldErrors } from '@mp/problems';
import { isReadyToSend, type SenderNumber } from '../numbers/number.rules';
import { channelsOf, isPoolStrategy, POOL_STRATEGIES, ROTATION_STRATEGIES, type NumberPoolWithMembers, type PoolStrategy } from './number-pool';

export const POOL_NAME_MAX = 100;
export const POOL_NUMBERS_MAX = 100;

/** A pool's fields as asked for (create, or update over the stored ones). */
export interface PoolFields {
  name: string;
  strategy: PoolStrategy;
  numberIds: string[];
}

/**
 * The fields alone (spec 2.9, 4.5): a name of 1 to 100 characters, a known
 * strategy, 1 to 100 distinct number ids. Each bad field is named.
 */
export function checkedPoolFields(fields: { name: string; strategy: string; numberIds: string[] }): PoolFields {
  const errors = new FieldErrors();
  const name = fields.name.trim();
  if (name === '') errors.add('name', 'is required');
  if ([...name].length > POOL_NAME_MAX) errors.add('name', `must be at most ${POOL_NAME_MAX} characters`);
  if (!isPoolStrategy(fields.strategy)) errors.add('strategy', `must be one of ${POOL_STRATEGIES.join(', ')}`);
  const ids = fields.numberIds;
  if (ids.length === 0) errors.add('numberIds', 'must name at least one number');
  if (ids.length > POOL_NUMBERS_MAX) errors.add('numberIds', `must name at most ${POOL_NUMBERS_MAX} numbers`);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length > 0) errors.add('numberIds', `names ${[...new Set(repeated)].join(', ')} more than once`);
  errors.throwIfAny();
  return { name, strategy: fields.strategy as PoolStrategy, numberIds: ids };
}

/**
 * The members against the pool's scope and strategy, once the numbers are
 * loaded (locked): every id an active number of the account (an unknown id,
 * another account's or a released number is named as unknown, so nothing
 * shows another tenant's numbers); a subaccount pool takes the subaccount's
 * and account-level numbers, an account-level pool account-level ones only
 * (the numbers each kind of send may use); for RoundRobin and LeastUsed every
 * number ready to send. 400 VALIDATION_FAILED naming `numberIds` and the
 * numbers. Then conflicts (409 CONFLICT naming the pool): a number already in
 * another pool, or another pool of the same scope serving one of the channels
 * (ChooseSender would not know which pool to pick from).
 */
export function checkMembers(
  fields: PoolFields,
  scope: { subaccountId?: string },
  numbers: SenderNumber[],
  holders: Array<{ numberId: string; poolId: string; name: string }>,
  otherPools: NumberPoolWithMembers[],
): SenderNumber[] {
  const byId = new Map(numbers.map((n) => [n.numberId, n]));
  const errors = new FieldErrors();
  const unknown = fields.numberIds.filter((id) => !isUuid(id) || !byId.has(id));
  if (unknown.length > 0) errors.add('numberIds', `no active number of this account has the id ${unknown.join(', ')}`);
  const members = fields.numberIds.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
  const outOfScope = members.filter((n) => n.subaccountId !== undefined && n.subaccountId !== scope.subaccountId);
  if (outOfScope.length > 0) {
    const where = scope.subaccountId === undefined ? 'an account-level pool takes account-level numbers only' : "a subaccount's pool takes its own and account-level numbers";
    errors.add('numberIds', `${outOfScope.map((n) => n.address).join(', ')} belong to another subaccount: ${where}`);
  }
  if (ROTATION_STRATEGIES.includes(fields.strategy)) {
    const notReady = members.filter((n) => !isReadyToSend(n));
    if (notReady.length > 0) {
      errors.add(
        'numberIds',
        `${notReady.map((n) => `${n.address} (${n.numberId})`).join(', ')} ${notReady.length === 1 ? 'is' : 'are'} not ready to send: a ${fields.strategy} pool needs long codes assigned to a 10DLC campaign`,
      );
    }
  }
  errors.throwIfAny();
  const held = holders[0];
  if (held) {
    const number = byId.get(held.numberId)!;
    throw new DomainError('CONFLICT', `${number.address} is already in the number pool "${held.name}" (${held.poolId}); a number is in one pool at a time.`);
  }
  const channels = channelsOf(members);
  for (const other of otherPools) {
    const shared = channelsOf(other.numbers).filter((c) => channels.includes(c));
    if (shared.length > 0) {
      throw new DomainError(
        'CONFLICT',
        `The number pool "${other.name}" (${other.poolId}) already serves ${shared.join(', ')} for this ${scope.subaccountId === undefined ? 'account' : 'subaccount'}; sends of one scope use one pool per channel.`,
      );
    }
  }
  return members;
}
