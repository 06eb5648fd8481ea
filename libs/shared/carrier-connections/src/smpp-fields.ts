import { BIND_FIELD_OCTETS } from '@mp/smpp';
import { ID_FORMATS, LONG_MESSAGES, type SmppConnection } from './carrier-connection';
import { boolean, integer, oneOf, positive, Refusal, smppString, text } from './field-checks';
import type { FieldReader } from './field-reader';
import { readSecret, type SecretSources } from './secret-source';

type SmppFields = Omit<SmppConnection, 'name' | 'protocol' | 'channel' | 'numbers' | 'priority' | 'circuitFailures' | 'circuitPauseSeconds'>;

// A host name or an IP address, without scheme or port (`smsc.example.net`, `10.0.0.5`, `fd00::5`).
const host = text('must be a host name or IP address, without scheme or port', (v) => /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*)$/.test(v));
// SMPP 3.4 §5.2.5: type of number 0-6.
const ton = integer(0, 6);
// SMPP 3.4 §5.2.6: the numbering plan indicators it defines.
const NPIS = [0, 1, 3, 4, 6, 8, 9, 10, 14, 18];
const npi = (value: unknown) => (NPIS.includes(value as number) ? (value as number) : new Refusal(`must be one of: ${NPIS.join(', ')}`));
const SECONDS_MAX = 86_400;

export function readSmppFields(reader: FieldReader, sources: SecretSources): SmppFields {
  return {
    host: reader.required('host', host),
    port: reader.required('port', integer(1, 65535)),
    tls: reader.optional('tls', boolean, false),
    // The codec's limits (what a bind can carry), less the NUL.
    systemId: reader.required('systemId', smppString(1, BIND_FIELD_OCTETS.systemId - 1, ' (SMPP 3.4)')),
    password: readSecret(reader, 'password', smppString(0, BIND_FIELD_OCTETS.password - 1, ' (SMPP 3.4)'), sources, true) as string,
    systemType: reader.optional('systemType', smppString(0, BIND_FIELD_OCTETS.systemType - 1, ' (SMPP 3.4)'), ''),
    binds: reader.optional('binds', integer(1, 100), 1),
    throughputPerSecond: reader.optional('throughputPerSecond', positive(1_000_000), 10),
    window: reader.optional('window', integer(1, 1000), 10),
    enquireLinkSeconds: reader.optional('enquireLinkSeconds', positive(SECONDS_MAX, ' of seconds'), 30),
    responseTimeoutSeconds: reader.optional('responseTimeoutSeconds', positive(SECONDS_MAX, ' of seconds'), 30),
    longMessages: reader.optional('longMessages', oneOf(LONG_MESSAGES), 'udh'),
    idFormat: reader.optional('idFormat', oneOf(ID_FORMATS), 'as-is'),
    sourceTon: reader.maybe('sourceTon', ton),
    sourceNpi: reader.maybe('sourceNpi', npi),
    destTon: reader.optional('destTon', ton, 1),
    destNpi: reader.optional('destNpi', npi, 1),
  };
}
