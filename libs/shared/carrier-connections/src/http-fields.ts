import type { HttpConnection } from './carrier-connection';
import { SMS_CARRIER_PATH } from './carrier-api-paths';
import { positive, Refusal, text, type Check } from './field-checks';
import type { FieldReader } from './field-reader';
import { readSecret, type SecretSources } from './secret-source';

type HttpFields = Omit<HttpConnection, 'name' | 'protocol' | 'channel' | 'numbers' | 'priority' | 'circuitFailures' | 'circuitPauseSeconds'>;

/** http(s), no credentials in it (they would reach logs), trailing slashes dropped; `credentials` says where they go. */
export const httpUrl =
  (credentials: string): Check<string> =>
  (value) => {
    const rule = 'must be an http or https URL';
    if (typeof value !== 'string') return new Refusal(rule);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return new Refusal(rule);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return new Refusal(rule);
    if (url.username || url.password) return new Refusal(`must not carry credentials (${credentials})`);
    return value.replace(/\/+$/, '');
  };
const baseUrl = httpUrl('the key goes in apiKey');

export const secretText = text('must be a non-empty string', (v) => v.length > 0);

/** Our own Carrier API (service-contracts "Carrier API"), what HttpCarrierAdapter speaks. */
export function readHttpFields(reader: FieldReader, sources: SecretSources): HttpFields {
  const apiKey = readSecret(reader, 'apiKey', secretText, sources, false);
  return {
    baseUrl: reader.required('baseUrl', baseUrl),
    path: SMS_CARRIER_PATH,
    ...(apiKey === undefined ? {} : { apiKey }),
    callbackSecret: readSecret(reader, 'callbackSecret', secretText, sources, true) as string,
    timeoutSeconds: reader.optional('timeoutSeconds', positive(600, ' of seconds'), 10),
  };
}
