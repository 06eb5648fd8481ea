import { isE164, isEmailAddress } from '@mp/addresses';
import type { ChannelType } from './number.rules';

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
