import type { TwilioConnection } from './carrier-connection';
import { positive, text } from './field-checks';
import type { FieldReader } from './field-reader';
import { httpUrl, secretText } from './http-fields';
import { readSecret, type SecretSources } from './secret-source';

type TwilioFields = Omit<TwilioConnection, 'name' | 'protocol' | 'channel' | 'numbers' | 'priority' | 'circuitFailures' | 'circuitPauseSeconds'>;

const url = httpUrl('the auth token goes in authToken');
// Twilio's SIDs: two letters of kind and 32 hex digits.
const accountSid = text('must be an Account SID (AC and 32 hex digits)', (v) => /^AC[0-9a-fA-F]{32}$/.test(v));
const messagingServiceSid = text('must be a Messaging Service SID (MG and 32 hex digits)', (v) => /^MG[0-9a-fA-F]{32}$/.test(v));

/** A `twilio` connection's own fields (issue 29 point 3): the default is Twilio's production API. */
export function readTwilioFields(reader: FieldReader, sources: SecretSources): TwilioFields {
  const service = reader.maybe('messagingServiceSid', messagingServiceSid);
  return {
    baseUrl: reader.optional('baseUrl', url, 'https://api.twilio.com'),
    accountSid: reader.required('accountSid', accountSid),
    authToken: readSecret(reader, 'authToken', secretText, sources, true) as string,
    // Twilio signs the URL it called: the verifier needs the public one (CARRIERS.md 3.2).
    publicBaseUrl: reader.required('publicBaseUrl', url),
    ...(service === undefined ? {} : { messagingServiceSid: service }),
    timeoutSeconds: reader.optional('timeoutSeconds', positive(600, ' of seconds'), 10),
  };
}
