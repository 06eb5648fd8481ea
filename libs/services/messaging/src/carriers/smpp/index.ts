// SMS over SMPP 3.4 (issue 28 points 2, 3, 6, 9): one SmppCarrier per smpp connection (configured-carriers), its binds leased (smpp-leases).
export { normaliseSmscMessageId, type IdFormat } from './normalise-smsc-message-id';
export { SmppCarrier, type SmppCarrierOptions, type SmppCarrierPorts } from './smpp-carrier';
export type { SmppConnectionStatus } from './smpp-connection-status';
export type { SmppDeliverHandler, SmppPartLedger, SubmittedPart } from './smpp-ports';
export { unboundConnections } from './unbound-connections';
