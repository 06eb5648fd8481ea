import type { routingV1 } from '@mp/contracts';
import type { ChannelType } from '../messages/messages.models';
import { toNumberResource } from '../numbers/numbers.mapper';
import type { NumberPoolResource, PoolStrategy } from './number-pools.models';

export const toPoolResource = (p: routingV1.NumberPool): NumberPoolResource => ({
  poolId: p.poolId,
  subaccountId: p.subaccountId ?? null,
  name: p.name,
  strategy: p.strategy as PoolStrategy,
  channelTypes: p.channelTypes as ChannelType[],
  numberIds: p.numbers.map((n) => n.numberId),
  numbers: p.numbers.map(toNumberResource),
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});
