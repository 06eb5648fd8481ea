import { ConfigError } from '@mp/config';
import { CHANNELS, DEFAULT_CIRCUIT, PROTOCOLS, sealConnection, type CarrierConnection } from './carrier-connection';
import { integer, oneOf, positive, text } from './field-checks';
import { FieldReader } from './field-reader';
import { readHttpFields } from './http-fields';
import type { SecretSources } from './secret-source';
import { readNumbers } from './sender-numbers';
import { readSmppFields } from './smpp-fields';
import { readTwilioFields } from './twilio-fields';
import { readWhatsAppCloudFields } from './whatsapp-cloud-fields';

// A DNS label: it names callback routes (/v1/webhooks/carriers/{name}/...) and metric labels. Not a name the webhook
// endpoints' own routes take at that place (/v1/webhooks/{webhookId}/test|rotate-secret|deliveries): the gateway
// would send Meta's webhooks for a connection so named to those routes.
const RESERVED_NAMES = ['test', 'rotate-secret', 'deliveries'];
const NAME = text(`must be 1-63 lowercase letters, digits and -, not starting or ending with -, and none of ${RESERVED_NAMES.join(', ')}`, (v) =>
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(v) && !RESERVED_NAMES.includes(v),
);

/**
 * Validates a parsed list of carrier connections (issue 28 point 1) and
 * answers it frozen, defaults applied, secrets read from their files or
 * variables. Every problem is named in one ConfigError, each under its path
 * (`CARRIER_CONNECTIONS[1].port: must be an integer 1-65535`), none with a
 * value (a misplaced secret is never printed). `source` is the variable the
 * list came from.
 */
export function parseCarrierConnections(value: unknown, source: string, sources: SecretSources): readonly CarrierConnection[] {
  if (!Array.isArray(value)) throw new ConfigError([`${source}: must be an array of connections`]);
  const problems: string[] = [];
  const connections: CarrierConnection[] = [];
  const firstWithName = new Map<string, number>();
  value.forEach((entry: unknown, i) => {
    const path = `${source}[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${path}: must be an object`);
      return;
    }
    const before = problems.length;
    const connection = readConnection(new FieldReader(entry as Record<string, unknown>, path, problems), sources);
    if (connection?.name !== undefined) {
      const earlier = firstWithName.get(connection.name);
      if (earlier !== undefined) problems.push(`${path}.name: must be unique (${source}[${earlier}] has it too)`);
      else firstWithName.set(connection.name, i);
    }
    if (connection && problems.length === before) connections.push(sealConnection(connection));
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(connections);
}

/** The connection, or undefined when a field was refused (and noted). `name` is checked even so, for uniqueness. */
function readConnection(reader: FieldReader, sources: SecretSources): CarrierConnection | undefined {
  const name = reader.required('name', NAME);
  const protocol = reader.required('protocol', oneOf(PROTOCOLS));
  const channel = reader.required('channel', oneOf(CHANNELS));
  const numbers = readNumbers(reader);
  const priority = reader.required('priority', integer(0));
  const circuitFailures = reader.optional('circuitFailures', integer(1, 1000), DEFAULT_CIRCUIT.failures);
  const circuitPauseSeconds = reader.optional('circuitPauseSeconds', positive(86_400, ' of seconds'), DEFAULT_CIRCUIT.pauseSeconds);
  const common = { name, channel, numbers, priority, circuitFailures, circuitPauseSeconds };
  // Without a protocol the other fields cannot be judged (nor called unknown).
  if (protocol === 'smpp') {
    if (channel !== undefined && channel !== 'Sms') reader.refuse('channel', 'must be Sms for protocol smpp');
    const fields = readSmppFields(reader, sources);
    reader.refuseUnknown('an smpp connection');
    return { ...common, protocol, channel: 'Sms', ...fields } as CarrierConnection;
  }
  if (protocol === 'http') {
    if (channel !== undefined && channel !== 'Sms')
      reader.refuse('channel', 'must be Sms for protocol http (WhatsApp goes through a whatsapp-cloud connection, Email through CARRIER_SMTP_URL)');
    const fields = readHttpFields(reader, sources);
    reader.refuseUnknown('an http connection');
    return { ...common, protocol, channel: 'Sms', ...fields } as CarrierConnection;
  }
  if (protocol === 'whatsapp-cloud') {
    if (channel !== undefined && channel !== 'WhatsApp') reader.refuse('channel', 'must be WhatsApp for protocol whatsapp-cloud');
    const fields = readWhatsAppCloudFields(reader, sources);
    reader.refuseUnknown('a whatsapp-cloud connection');
    return { ...common, protocol, channel: 'WhatsApp', ...fields } as CarrierConnection;
  }
  if (protocol === 'twilio') {
    if (channel !== undefined && channel !== 'Sms') reader.refuse('channel', 'must be Sms for protocol twilio');
    const fields = readTwilioFields(reader, sources);
    reader.refuseUnknown('a twilio connection');
    return { ...common, protocol, channel: 'Sms', ...fields } as CarrierConnection;
  }
  return name === undefined ? undefined : ({ name } as CarrierConnection);
}
