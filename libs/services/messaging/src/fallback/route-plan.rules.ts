import type { routingV1 } from '@mp/contracts';
import type { Channel } from '../rules';

/** A subaccount's routing policy (spec 2.5), as routing's GetRoutingPolicy answers it. */
export type RoutePolicy = Pick<
  routingV1.RoutingPolicy,
  'preferredChannelType' | 'fallbackChain' | 'isEnabled' | 'receiptTimeoutSeconds' | 'fallbackOnDeliveryFailure'
>;

/** The channels a route tries after the first, and those it leaves out because the destination has no address there. */
export interface RoutePlan {
  remaining: Channel[];
  skipped: { channel: Channel; reason: string }[];
  receiptTimeoutSeconds: number;
  fallbackOnDeliveryFailure: boolean;
}

/** Email reaches an email address; Sms and WhatsApp reach a phone number. */
export const canAddress = (channel: string, destination: string): boolean => (channel === 'Email') === destination.includes('@');

const orderOf = (policy: RoutePolicy): string[] => [...new Set([policy.preferredChannelType, ...policy.fallbackChain])];

/**
 * The channel a send without `channelType` goes on (DECISIONS Messages): the
 * enabled policy's preferred channel, else Sms. When the preferred channel
 * cannot reach the destination, the first one of the route that can.
 */
export function defaultChannel(policy: RoutePolicy | undefined, destination: string): string | undefined {
  if (!policy?.isEnabled) return undefined;
  return orderOf(policy).find((channel) => canAddress(channel, destination)) ?? policy.preferredChannelType;
}

/**
 * What fallback does after `first` (spec 3.1): only for a subaccount send
 * while its policy is enabled, the policy's channels after the first, each
 * tried once; a channel the destination cannot be addressed on is skipped,
 * with the reason for the audit trail.
 */
export function planRoute(policy: RoutePolicy | undefined, first: Channel, destination: string): RoutePlan {
  const none = { remaining: [], skipped: [], receiptTimeoutSeconds: 0, fallbackOnDeliveryFailure: false };
  if (!policy?.isEnabled) return none;
  const rest = orderOf(policy).filter((channel) => channel !== first) as Channel[];
  const plan: RoutePlan = { ...none, remaining: [], skipped: [] };
  for (const channel of rest) {
    if (canAddress(channel, destination)) plan.remaining.push(channel);
    else plan.skipped.push({ channel, reason: `${destination} cannot be addressed on ${channel}` });
  }
  if (plan.remaining.length === 0) return { ...plan, receiptTimeoutSeconds: 0, fallbackOnDeliveryFailure: false };
  return { ...plan, receiptTimeoutSeconds: policy.receiptTimeoutSeconds, fallbackOnDeliveryFailure: policy.fallbackOnDeliveryFailure };
}

export const routeOf = (remaining: string): Channel[] => (remaining === '' ? [] : (remaining.split(',') as Channel[]));

/** The audit line of a route at acceptance. */
export function describeRoute(first: Channel, plan: RoutePlan): string | null {
  if (plan.remaining.length === 0 && plan.skipped.length === 0) return null;
  const skipped = plan.skipped.map((s) => `${s.channel} skipped: ${s.reason}`).join('; ');
  const timeout = plan.receiptTimeoutSeconds > 0 ? `, next channel after ${plan.receiptTimeoutSeconds} s without a final receipt` : '';
  const onFailure = plan.fallbackOnDeliveryFailure ? ', and on a delivery failure' : '';
  return `route ${[first, ...plan.remaining].join(' -> ')}${plan.remaining.length > 0 ? timeout + onFailure : ''}${skipped ? ` (${skipped})` : ''}`;
}
