import type { WhatsAppCloudConnection } from './carrier-connection';
import { positive, text } from './field-checks';
import type { FieldReader } from './field-reader';
import { httpUrl, secretText } from './http-fields';
import { readSecret, type SecretSources } from './secret-source';

type WhatsAppCloudFields = Omit<WhatsAppCloudConnection, 'name' | 'protocol' | 'channel' | 'numbers' | 'priority' | 'circuitFailures' | 'circuitPauseSeconds'>;

const url = httpUrl('the token goes in accessToken');
// Graph API versions are `v<major>.<minor>` (v23.0).
const apiVersion = text('must be a Graph API version such as v23.0', (v) => /^v\d{1,3}\.\d{1,3}$/.test(v));
// Meta's ids are digits (a phone number id is 15 or 16 of them); it is a path segment of every send.
const phoneNumberId = text('must be the phone number id Meta shows (digits)', (v) => /^\d{1,32}$/.test(v));

/** A `whatsapp-cloud` connection's own fields (issue 29 point 1): the defaults are Meta's production API. */
export function readWhatsAppCloudFields(reader: FieldReader, sources: SecretSources): WhatsAppCloudFields {
  return {
    baseUrl: reader.optional('baseUrl', url, 'https://graph.facebook.com'),
    apiVersion: reader.optional('apiVersion', apiVersion, 'v23.0'),
    phoneNumberId: reader.required('phoneNumberId', phoneNumberId),
    accessToken: readSecret(reader, 'accessToken', secretText, sources, true) as string,
    appSecret: readSecret(reader, 'appSecret', secretText, sources, true) as string,
    verifyToken: readSecret(reader, 'verifyToken', secretText, sources, true) as string,
    timeoutSeconds: reader.optional('timeoutSeconds', positive(600, ' of seconds'), 10),
  };
}
