import type { routingV1 } from '@mp/contracts';
import type { ChannelType } from '../messages/messages.models';
import type { RoutePreview, RoutingPolicyResource } from './routing-policy.models';

export const toPolicyResource = (p: routingV1.RoutingPolicy): RoutingPolicyResource => ({
  subaccountId: p.subaccountId,
  preferredChannelType: p.preferredChannelType as ChannelType,
  fallbackChain: p.fallbackChain as ChannelType[],
  isEnabled: p.isEnabled,
  receiptTimeoutSeconds: p.receiptTimeoutSeconds,
  fallbackOnDeliveryFailure: p.fallbackOnDeliveryFailure,
  updatedAt: p.updatedAt ?? null,
});

export const toRoutePreview = (p: routingV1.RoutePreview): RoutePreview => ({
  subaccountId: p.subaccountId,
  destination: p.destination,
  policyEnabled: p.policyEnabled,
  steps: p.steps.map((s) => ({
    channelType: s.channelType as ChannelType,
    skipped: s.skipped,
    skipReason: s.skipReason ?? null,
    fromAddress: s.fromAddress ?? null,
    numberId: s.numberId ?? null,
    poolId: s.poolId ?? null,
    noSenderReason: s.noSenderReason ?? null,
    blockedByConsent: s.blockedByConsent,
    consentReason: s.consentReason ?? null,
  })),
  firstSendableChannelType: (p.firstSendableChannelType as ChannelType | undefined) ?? null,
});
