import { DomainError, FieldErrors } from '@mp/problems';
import type { Knex } from 'knex';
import { CHANNEL_TYPES, isChannelType, type SenderNumber } from '../numbers/number.rules';
import { findActiveNumberByAddress } from '../numbers/numbers.repository';

export interface ResolveNumberInput {
  address: string;
  channelType: string;
}

/**
 * Which account's active number (or sender address) `address` is for a
 * channel: how a service maps an inbound message to its owner. Services only
 * (routing.access.ts), so there is no account to hold the caller to; a
 * released number, or one that does not serve the channel, is NOT_FOUND.
 */
export async function resolveNumber(db: Knex, input: ResolveNumberInput): Promise<SenderNumber> {
  const errors = new FieldErrors();
  if (input.address.trim() === '') errors.add('address', 'address is required.');
  if (!isChannelType(input.channelType)) errors.add('channelType', `channelType must be one of ${CHANNEL_TYPES.join(', ')}.`);
  errors.throwIfAny();
  const number = await findActiveNumberByAddress(db, input.address, input.channelType as SenderNumber['channelTypes'][number]);
  if (!number) throw DomainError.notFound('Number');
  return number;
}
