import type { routingV1 } from '@mp/contracts';
import type { ChannelType } from '../messages/messages.models';
import type { NumberResource } from './numbers.models';

export function toNumberResource(n: routingV1.PhoneNumber): NumberResource {
  const isEmail = n.address.includes('@');
  return {
    numberId: n.numberId,
    phoneNumber: isEmail ? null : n.address,
    emailAddress: isEmail ? n.address : null,
    channelTypes: n.channelTypes as ChannelType[],
    subaccountId: n.subaccountId ?? null,
    status: n.status,
    readyToSend: n.readyToSend ?? true,
    campaignId: n.campaignId ?? null,
    poolId: n.poolId ?? null,
    useCount: n.useCount ?? 0,
    createdAt: n.createdAt ?? '',
  };
}
