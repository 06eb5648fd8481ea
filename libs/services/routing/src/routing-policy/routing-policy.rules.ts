import type { routingV1 } from '@mp/contracts';
import { FieldErrors } from '@mp/problems';
import { CHANNEL_TYPES, isChannelType, type ChannelType } from '../numbers/number.rules';
import type { RoutingPolicySettings } from './routing-policy';

export const RECEIPT_TIMEOUT_MIN_SECONDS = 60;
export const RECEIPT_TIMEOUT_MAX_SECONDS = 86_400;

const CHANNELS = CHANNEL_TYPES.join(', ');

/**
 * PUT's fields over the current policy (spec 2.5: a field left out keeps its
 * value), checked as a whole: a channel outside Sms, WhatsApp, Email, a
 * receipt timeout other than 0 or 60-86400, or a chain naming a channel twice
 * or naming the preferred channel is VALIDATION_FAILED naming each field
 * (the chain is checked against the preferred channel it will be used with,
 * stored or sent).
 */
export function updatedPolicy(current: RoutingPolicySettings, update: routingV1.UpdateRoutingPolicyRequest): RoutingPolicySettings {
  const errors = new FieldErrors();
  const preferred = update.preferredChannelType ?? current.preferredChannelType;
  if (!isChannelType(preferred)) errors.add('preferredChannelType', `must be one of ${CHANNELS}`);

  const chain = update.fallbackChain ? update.fallbackChain.channels : current.fallbackChain;
  const unknown = chain.filter((c) => !isChannelType(c));
  if (unknown.length > 0) errors.add('fallbackChain', `must name only ${CHANNELS}`);
  const repeated = chain.filter((c, i) => chain.indexOf(c) !== i);
  if (repeated.length > 0) errors.add('fallbackChain', `names ${[...new Set(repeated)].join(', ')} more than once; each channel is tried once`);
  if (isChannelType(preferred) && chain.includes(preferred)) {
    errors.add('fallbackChain', `names the preferred channel ${preferred}, which is tried first; each channel is tried once`);
  }

  const timeout = update.receiptTimeoutSeconds ?? current.receiptTimeoutSeconds;
  if (!isReceiptTimeout(timeout)) {
    errors.add('receiptTimeoutSeconds', `must be 0 (off) or a whole number of seconds from ${RECEIPT_TIMEOUT_MIN_SECONDS} to ${RECEIPT_TIMEOUT_MAX_SECONDS}`);
  }
  errors.throwIfAny();
  return {
    preferredChannelType: preferred as ChannelType,
    fallbackChain: chain as ChannelType[],
    isEnabled: update.isEnabled ?? current.isEnabled,
    receiptTimeoutSeconds: timeout,
    fallbackOnDeliveryFailure: update.fallbackOnDeliveryFailure ?? current.fallbackOnDeliveryFailure,
  };
}

export function isReceiptTimeout(seconds: number): boolean {
  return Number.isInteger(seconds) && (seconds === 0 || (seconds >= RECEIPT_TIMEOUT_MIN_SECONDS && seconds <= RECEIPT_TIMEOUT_MAX_SECONDS));
}
