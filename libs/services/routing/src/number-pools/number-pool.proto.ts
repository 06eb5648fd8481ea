import type { routingV1 } from '@mp/contracts';
import { numberToProto } from '../numbers/number.proto';
import { channelsOf, type NumberPoolWithMembers } from './number-pool';

export const poolToProto = (p: NumberPoolWithMembers): routingV1.NumberPool => ({
  poolId: p.poolId,
  accountId: p.accountId,
  subaccountId: p.subaccountId,
  name: p.name,
  strategy: p.strategy,
  numbers: p.numbers.map((n) => numberToProto({ ...n, poolId: p.poolId })),
  channelTypes: channelsOf(p.numbers),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
