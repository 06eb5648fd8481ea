import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TwilioParams } from './twilio-form';

export interface TwilioSignatureInput {
  /** The public URL Twilio called: the connection's publicBaseUrl + the path + the query string as received. */
  url: string;
  /** The POST parameters of the form body. */
  params: TwilioParams;
  /** The `X-Twilio-Signature` header. */
  header: string | undefined;
  authToken: string;
}

// base64 of a 20-byte SHA-1 digest: 27 characters and one `=`.
const BASE64_SHA1 = /^[A-Za-z0-9+/]{27}=$/;

/**
 * Whether `X-Twilio-Signature` is base64(HMAC-SHA1(authToken, url + each
 * parameter sorted by name, name + value)) (twilio.com/docs/usage/webhooks/
 * webhooks-security). Repeated names are signed as twilio-node's
 * `getExpectedTwilioSignature` does: the distinct values sorted, each as
 * name + value. Like its `validateRequest`, the URL is also tried with the
 * scheme's default port added or removed, since Twilio may sign either
 * form. Compared in constant time; false, never a throw, for anything wrong.
 */
export function verifyTwilioSignature({ url, params, header, authToken }: TwilioSignatureInput): boolean {
  const given = typeof header === 'string' ? header.trim() : '';
  if (!BASE64_SHA1.test(given) || typeof authToken !== 'string' || authToken === '' || typeof url !== 'string' || !(params instanceof Map)) return false;
  const givenBytes = Buffer.from(given, 'ascii');
  try {
    const signed = signedParams(params);
    // Every candidate is computed and compared, so the time taken does not say which one matched.
    return urlCandidates(url)
      .map((candidate) => timingSafeEqual(givenBytes, Buffer.from(twilioSignature(authToken, candidate + signed), 'ascii')))
      .reduce((any, match) => any || match, false);
  } catch {
    return false; // params not in the parser's shape
  }
}

function twilioSignature(authToken: string, data: string): string {
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The parameters as Twilio concatenates them; names and values in UTF-16 code-unit order, as JavaScript's sort() gives. */
function signedParams(params: TwilioParams): string {
  return [...params.keys()]
    .sort()
    .map((name) => [...new Set(params.get(name))].sort().map((value) => name + value).join(''))
    .join('');
}

const AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is;

/** The URL as given, without its port and with the scheme's default port, as twilio-node tries them. */
function urlCandidates(url: string): string[] {
  const match = AUTHORITY.exec(url);
  if (!match) return [url];
  const [, scheme, authority, rest] = match;
  const userInfo = authority.slice(0, authority.lastIndexOf('@') + 1);
  const hostAndPort = authority.slice(userInfo.length);
  const portStart = hostAndPort.indexOf(':', hostAndPort.lastIndexOf(']') + 1);
  const host = portStart === -1 ? hostAndPort : hostAndPort.slice(0, portStart);
  const port = portStart === -1 ? (scheme.toLowerCase() === 'https://' ? ':443' : ':80') : hostAndPort.slice(portStart);
  return [...new Set([url, scheme + userInfo + host + rest, scheme + userInfo + host + port + rest])];
}
