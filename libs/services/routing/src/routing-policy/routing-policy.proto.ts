import type { routingV1 } from '@mp/contracts';
import type { StoredRoutingPolicy } from './routing-policy';

export const policyToProto = (p: StoredRoutingPolicy): routingV1.RoutingPolicy => ({
  accountId: p.accountId,
  subaccountId: p.subaccountId,
  preferredChannelType: p.preferredChannelType,
  fallbackChain: [...p.fallbackChain],
  isEnabled: p.isEnabled,
  receiptTimeoutSeconds: p.receiptTimeoutSeconds,
  fallbackOnDeliveryFailure: p.fallbackOnDeliveryFailure,
  updatedAt: p.updatedAt?.toISOString(),
});
