export { calculateSegments, type SegmentCalculation, type SmsEncoding } from './segment-calculator';
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
