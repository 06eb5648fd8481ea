import type { routingV1 } from '@mp/contracts';
import { isReadyToSend, type SenderNumber } from './number.rules';

export const numberToProto = (n: SenderNumber): routingV1.PhoneNumber => ({
  numberId: n.numberId,
  accountId: n.accountId,
  subaccountId: n.subaccountId,
  address: n.address,
  channelTypes: n.channelTypes,
  status: n.status,
  createdAt: n.createdAt.toISOString(),
  readyToSend: isReadyToSend(n),
  campaignId: n.campaignId,
  poolId: n.poolId,
  useCount: n.useCount,
  sandbox: n.sandbox,
});
