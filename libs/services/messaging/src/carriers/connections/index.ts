// Carrier connections as operator configuration (issue 28 point 1); not yet wired into start-up.
export {
  DEFAULT_CIRCUIT,
  ID_FORMATS,
  LONG_MESSAGES,
  PROTOCOLS,
  redactedConnection,
  type CarrierConnection,
  type CarrierProtocol,
  type HttpConnection,
  type SmppConnection,
  type TwilioConnection,
  type WhatsAppCloudConnection,
} from './carrier-connection';
export { CONNECTIONS_FILE_VARIABLE, CONNECTIONS_VARIABLE, loadCarrierConnections } from './load-connections';
export { parseCarrierConnections } from './parse-connections';
export { connectionsFor, sourceAddressing, type SmppAddressing } from './select-connections';
