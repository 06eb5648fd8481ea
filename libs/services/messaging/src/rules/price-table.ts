import { isE164 } from '@mp/addresses';

export type Channel = 'Sms' | 'WhatsApp' | 'Email';

export const CHANNELS: readonly Channel[] = ['Sms', 'WhatsApp', 'Email'];

export interface ChannelPrice {
  /** Unit price in USD when no prefix matches. */
  default: number;
  /** E.164 digit prefix without '+' (e.g. '1', '44', '4477') → unit price in USD. */
  prefixes?: Record<string, number>;
}

export type PriceTable = { [channel in Channel]?: ChannelPrice };

// Same shape as the digits of an E.164 number, so every key can match something.
const PREFIX_PATTERN = /^[1-9][0-9]{0,14}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isChannel(key: string): key is Channel {
  return (CHANNELS as readonly string[]).includes(key);
}

function parsePrice(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`${path}: expected a non-negative number`);
  }
  return value;
}

function parsePrefixes(value: unknown, path: string): Record<string, number> {
  if (!isPlainObject(value)) throw new Error(`${path}: expected an object of prefix → price`);
  const prefixes: Record<string, number> = {};
  for (const [prefix, price] of Object.entries(value)) {
    if (!PREFIX_PATTERN.test(prefix)) {
      throw new Error(`${path}.${prefix}: prefix must be 1-15 E.164 digits without '+', not starting with 0`);
    }
    prefixes[prefix] = parsePrice(price, `${path}.${prefix}`);
  }
  return prefixes;
}

function parseChannelPrice(channel: Channel, value: unknown, path: string): ChannelPrice {
  if (!isPlainObject(value)) throw new Error(`${path}: expected an object with a default price`);
  // Unknown fields are rejected so a typo such as "prefix" fails loudly instead
  // of silently pricing everything at the default.
  for (const key of Object.keys(value)) {
    if (key !== 'default' && key !== 'prefixes') {
      throw new Error(`${path}.${key}: unknown field (expected default or prefixes)`);
    }
  }
  if (!('default' in value)) throw new Error(`${path}.default: required`);
  const price: ChannelPrice = { default: parsePrice(value.default, `${path}.default`) };
  if ('prefixes' in value) {
    // Email has no destination number; prefixes there would be silently ignored.
    if (channel === 'Email') throw new Error(`${path}.prefixes: Email is priced by default only`);
    price.prefixes = parsePrefixes(value.prefixes, `${path}.prefixes`);
  }
  return price;
}

/**
 * Parses and validates a price table from JSON (e.g. configuration). Throws an
 * Error naming the offending path, such as `$.Sms.prefixes.44`.
 */
export function parsePriceTable(json: string): PriceTable {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new Error(`$: price table is not valid JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(raw)) throw new Error('$: expected an object keyed by channel');

  const table: PriceTable = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!isChannel(key)) throw new Error(`$.${key}: unknown channel (expected ${CHANNELS.join(', ')})`);
    table[key] = parseChannelPrice(key, value, `$.${key}`);
  }
  return table;
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null) deepFreeze(child);
  }
  return Object.freeze(value);
}

/**
 * Fallback USD unit prices (per SMS segment, per WhatsApp message, per email).
 * Frozen because it is shared by every caller.
 */
export const DEFAULT_PRICE_TABLE: PriceTable = deepFreeze({
  Sms: { default: 0.0079, prefixes: { '1': 0.0079, '44': 0.04 } },
  WhatsApp: { default: 0.005 },
  Email: { default: 0.0001 },
});

function unitPrice(price: ChannelPrice, digits: string): number {
  const prefixes = price.prefixes;
  if (prefixes) {
    for (let length = digits.length; length >= 1; length -= 1) {
      const prefix = digits.slice(0, length);
      // Own properties only, so a prefix can never hit Object.prototype.
      if (Object.hasOwn(prefixes, prefix)) return prefixes[prefix];
    }
  }
  return price.default;
}

// Scale to micro-dollars, drop binary noise below 15 significant digits, then
// round half up: 0.0079 × 3 gives 0.0237, not 0.023700000000000002, and a
// true half such as 0.0001245 rounds up even though its double is just below.
function roundToMicros(amount: number): number {
  return Math.round(Number((amount * 1e6).toPrecision(15))) / 1e6;
}

/**
 * Estimated cost in USD: unit price × SMS segments; WhatsApp and Email are
 * billed per message regardless of segments. The longest matching prefix of
 * the destination's digits wins, else the channel default. Throws when the
 * channel has no price, when an SMS/WhatsApp destination is not E.164 (it
 * should have been rejected before pricing) or when an SMS segment count is not
 * a positive integer.
 */
export function estimateCost(table: PriceTable, channel: Channel, destination: string, segmentCount: number): number {
  const price = table[channel];
  if (!price) throw new Error(`no price configured for channel ${channel}`);

  if (channel === 'Email') return roundToMicros(price.default);

  if (!isE164(destination)) throw new Error(`${channel} destination must be an E.164 number`);
  const unit = unitPrice(price, destination.slice(1));
  if (channel === 'WhatsApp') return roundToMicros(unit);

  if (!Number.isInteger(segmentCount) || segmentCount < 1) {
    throw new RangeError(`segmentCount must be a positive integer (got ${segmentCount})`);
  }
  return roundToMicros(unit * segmentCount);
}
