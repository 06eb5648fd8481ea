import type { ServiceClients } from '@mp/service-host';

/**
 * The other services' calls messaging makes, and nothing more: the host's
 * ServiceClients satisfies it, and tests pass a small object of async
 * functions. Properties are read at call time, because the host creates a
 * client (and needs its address) only on first use.
 */
export interface MessagingClients {
  readonly identity: Pick<ServiceClients['identity'], 'getSendingStanding'>;
  readonly routing: Pick<ServiceClients['routing'], 'chooseSenders' | 'getRoutingPolicy'>;
  readonly consent: Pick<ServiceClients['consent'], 'checkSendPermissions'>;
  /** A send answering an inbound message reads it (and the carrier's id it quotes). */
  readonly replies: Pick<ServiceClients['replies'], 'getInboundMessage'>;
  /** Only with SMPP connections: their receipts and inbound messages go on through provider-callback. */
  readonly 'provider-callback'?: Pick<ServiceClients['provider-callback'], 'recordCarrierReceipts' | 'recordCarrierInbound'>;
}
