import type { ChannelType } from './number.rules';

// '+', a non-zero leading digit, then up to 14 more (E.164's 15 digits at most).
const E164 = /^\+[1-9][0-9]{1,14}$/;
// One '@', no spaces, a dotted domain: what the send routes accept for Email.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

export const isE164 = (value: string): boolean => E164.test(value);
export const isEmailAddress = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

/** Email reaches an email address; Sms and WhatsApp reach a phone number. */
export function canAddress(channel: ChannelType, destination: string): boolean {
  return channel === 'Email' ? isEmailAddress(destination) : isE164(destination);
}

/** Why a channel cannot reach a destination, for a route preview. */
export function unaddressableReason(channel: ChannelType, destination: string): string {
  return channel === 'Email'
    ? `${destination} is a phone number; Email needs an email address`
    : `${destination} is an email address; ${channel} needs an E.164 phone number`;
}

/** How a recipient is remembered (Sticky pools): email addresses without case. */
export const recipientKey = (destination: string): string => (destination.includes('@') ? destination.trim().toLowerCase() : destination.trim());
