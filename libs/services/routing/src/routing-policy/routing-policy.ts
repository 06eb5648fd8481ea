import type { ChannelType } from '../numbers/number.rules';

/** A subaccount's routing settings (spec 2.5). */
export interface RoutingPolicySettings {
  preferredChannelType: ChannelType;
  fallbackChain: ChannelType[];
  isEnabled: boolean;
  /** 0 (off) or 60 to 86400. */
  receiptTimeoutSeconds: number;
  fallbackOnDeliveryFailure: boolean;
}

/** spec 2.5: what a subaccount without a policy of its own routes by. */
export const DEFAULT_ROUTING_POLICY: Readonly<RoutingPolicySettings> = Object.freeze({
  preferredChannelType: 'Sms',
  fallbackChain: [],
  isEnabled: false,
  receiptTimeoutSeconds: 0,
  fallbackOnDeliveryFailure: false,
});

export interface StoredRoutingPolicy extends RoutingPolicySettings {
  accountId: string;
  subaccountId: string;
  /** Absent while the subaccount never set a policy (the defaults apply). */
  updatedAt?: Date;
}

/**
 * The channels a send tries, in order (spec 3.1, 4.5): while the policy is
 * enabled the preferred channel then the chain, else the preferred channel
 * alone.
 */
export function routeOrder(policy: RoutingPolicySettings): ChannelType[] {
  return policy.isEnabled ? [policy.preferredChannelType, ...policy.fallbackChain] : [policy.preferredChannelType];
}
