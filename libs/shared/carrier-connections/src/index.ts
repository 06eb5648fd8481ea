// Carrier connections as operator configuration (issues 28 and 29): read by messaging (sends) and provider-callback (callbacks).
export {
  CHANNELS,
  DEFAULT_CIRCUIT,
  ID_FORMATS,
  LONG_MESSAGES,
  PROTOCOLS,
  redactedConnection,
  sealConnection,
  type CarrierConnection,
  type CarrierProtocol,
  type Channel,
  type HttpConnection,
  type SmppConnection,
  type TwilioConnection,
  type WhatsAppCloudConnection,
} from './carrier-connection';
export { CONNECTIONS_FILE_VARIABLE, CONNECTIONS_VARIABLE, loadCarrierConnections } from './load-connections';
export { parseCarrierConnections } from './parse-connections';
export { connectionsFor, sourceAddressing, type SmppAddressing } from './select-connections';
export { SMS_CARRIER_PATH } from './carrier-api-paths';
export { carrierConnectionsConfigSchema, carrierConnectionsOf, type CarrierConnectionsConfig } from './connections-config';
