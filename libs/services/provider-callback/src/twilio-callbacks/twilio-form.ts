import { refuse, type TwilioRefusal } from './twilio-refusal';

/**
 * A form body's parameters: every value of a name in arrival order. Twilio
 * signs repeated names (MediaUrl in some products) with all their values, so
 * the verifier needs them all; the mappers read the first.
 */
export type TwilioParams = ReadonlyMap<string, readonly string[]>;

/**
 * The largest body taken, in bytes. Twilio's largest callback is an inbound
 * message: a 1,600-character body percent-encoded (up to 12 bytes per
 * character) is about 19 KiB, plus up to ten media URLs and their types and
 * the geographic fields; 64 KiB leaves room for parameters Twilio adds
 * without notice while refusing anything that is not a callback.
 */
export const TWILIO_FORM_MAX_BYTES = 64 * 1024;
/** Twilio sends a few dozen parameters at most (ten media items are twenty). */
export const TWILIO_FORM_MAX_PARAMETERS = 200;

export type TwilioFormResult = { ok: true; params: TwilioParams } | TwilioRefusal;

const PERCENT_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }) // a leading U+FEFF is part of a signed value;

/**
 * Parses an `application/x-www-form-urlencoded` body the way WHATWG's URL
 * standard does (`+` is a space, `%XX` a byte, a pair without `=` an empty
 * value, empty pairs skipped), but refuses what that standard silently
 * repairs: a raw byte outside printable ASCII, a `%` not followed by two hex
 * digits, escapes that are not UTF-8, an empty name. It does not look at the
 * Content-Type: the route must refuse anything but a form. Never throws.
 */
export function parseTwilioForm(raw: Buffer | string): TwilioFormResult {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  if (bytes.length === 0) return refuse('empty', 'The callback body is empty.');
  if (bytes.length > TWILIO_FORM_MAX_BYTES) return refuse('too-large', `The callback body is larger than ${TWILIO_FORM_MAX_BYTES} bytes.`);
  // An encoder leaves only printable ASCII: a raw space, control character or non-ASCII byte was never encoded.
  if (!bytes.every((byte) => byte > 0x20 && byte < 0x7f)) return refuse('malformed-form', 'The callback body has characters a form encoder would have escaped.');
  const text = bytes.toString('ascii');

  const params = new Map<string, string[]>();
  let count = 0;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    if (++count > TWILIO_FORM_MAX_PARAMETERS) return refuse('too-many-parameters', `The callback has more than ${TWILIO_FORM_MAX_PARAMETERS} parameters.`);
    const equals = pair.indexOf('=');
    const name = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = decodeComponent(equals === -1 ? '' : pair.slice(equals + 1));
    if (name === undefined || value === undefined) return refuse('malformed-form', `The callback body has a malformed percent-encoding in parameter ${count}.`);
    if (name === '') return refuse('malformed-form', `Parameter ${count} of the callback body has no name.`);
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  if (params.size === 0) return refuse('empty', 'The callback body has no parameters.');
  return { ok: true, params };
}

/** The first value of `name`, as the mappers read it. */
export const firstParam = (params: TwilioParams, name: string): string | undefined => params.get(name)?.[0];

/** The parameters as a plain object for a record's payload: one value as a string, repeated ones as an array. */
export function paramsObject(params: TwilioParams): Record<string, string | string[]> {
  return Object.fromEntries([...params].map(([name, values]) => [name, values.length === 1 ? values[0] : [...values]]));
}

function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function decodeComponent(encoded: string): string | undefined {
  if (PERCENT_ESCAPE.test(encoded)) return undefined;
  // Escapes become bytes and the rest its own UTF-8, decoded with no replacement: `%FF` is refused, not turned into U+FFFD.
  const chunks = encoded
    .replace(/\+/g, ' ')
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((part) => (part.startsWith('%') ? Buffer.from([Number.parseInt(part.slice(1), 16)]) : Buffer.from(part, 'utf8')));
  return decodeUtf8(Buffer.concat(chunks));
}
