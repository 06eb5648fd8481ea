import { describeE164Fault, e164Fault } from '@mp/addresses';
import type { routingV1 } from '@mp/contracts';
import { FieldErrors } from '@mp/problems';
import { callingCodeOf, isPickableCountry, PICKABLE_COUNTRIES, type PickableCountry } from './country-codes.rules';
import { CHANNEL_TYPES, isChannelType, type ChannelType } from './number.rules';

/** What POST /v1/numbers asks for, checked. */
export type NumberWish =
  | { kind: 'phone'; channelTypes: ChannelType[]; phoneNumber?: string; country?: PickableCountry }
  /** An Email-only number is an email sender address the platform picks. */
  | { kind: 'email'; channelTypes: ['Email'] };

/**
 * DECISIONS Numbers: `channelTypes` is Sms and/or WhatsApp for a phone number,
 * or Email alone for an email sender address (Email with a phone channel is
 * refused: one address cannot be both). `phoneNumber` (E.164) and
 * `countryCode` (ISO 3166-1 alpha-2 of a country numbers can be picked in)
 * are for phone numbers only, and must agree. Every bad field is named.
 */
export function numberWish(request: routingV1.CreateNumberRequest): NumberWish {
  const errors = new FieldErrors();
  const channels = request.channelTypes ?? [];
  if (channels.length === 0) errors.add('channelTypes', `must name at least one of ${CHANNEL_TYPES.join(', ')}`);
  if (channels.some((c) => !isChannelType(c))) errors.add('channelTypes', `must name only ${CHANNEL_TYPES.join(', ')}`);
  if (channels.some((c, i) => channels.indexOf(c) !== i)) errors.add('channelTypes', 'names a channel more than once');
  const email = channels.includes('Email');
  if (email && channels.length > 1) errors.add('channelTypes', 'Email is an email sender address and cannot be combined with Sms or WhatsApp');

  const phoneNumber = request.phoneNumber?.trim() || undefined;
  const countryCode = request.countryCode?.trim().toUpperCase() || undefined;
  if (email && phoneNumber !== undefined) errors.add('phoneNumber', 'is for Sms and WhatsApp numbers; an Email sender address is picked for you');
  if (email && countryCode !== undefined) errors.add('countryCode', 'is for Sms and WhatsApp numbers');
  const phoneFault = phoneNumber === undefined ? undefined : e164Fault(phoneNumber);
  if (!email && phoneFault === 'format') errors.add('phoneNumber', 'must be an E.164 number such as +14155550100');
  else if (!email && phoneFault) errors.add('phoneNumber', describeE164Fault(phoneFault));
  if (!email && countryCode !== undefined && !isPickableCountry(countryCode)) {
    errors.add('countryCode', `must be an ISO 3166-1 alpha-2 country code numbers are available in: ${PICKABLE_COUNTRIES.join(', ')}`);
  }
  if (!email && phoneNumber !== undefined && !phoneFault && countryCode !== undefined && isPickableCountry(countryCode)) {
    const callingCode = callingCodeOf(countryCode);
    if (!phoneNumber.startsWith(`+${callingCode}`)) errors.add('phoneNumber', `is not a ${countryCode} number (+${callingCode})`);
  }
  errors.throwIfAny();
  if (email) return { kind: 'email', channelTypes: ['Email'] };
  return { kind: 'phone', channelTypes: channels as ChannelType[], phoneNumber, country: countryCode as PickableCountry | undefined };
}
