export { calculateSegments, type SegmentCalculation, type SmsEncoding } from './segment-calculator';
export { countryCallingCode, isE164, listCountryCallingCodes } from './e164';
export { isEmailAddress } from './email-address';
export { MAX_CLIENT_REFERENCE_LENGTH, normalizeClientReference, type ClientReferenceResult } from './client-reference';
export {
  CHANNELS,
  DEFAULT_PRICE_TABLE,
  estimateCost,
  parsePriceTable,
  type Channel,
  type ChannelPrice,
  type PriceTable,
} from './price-table';
