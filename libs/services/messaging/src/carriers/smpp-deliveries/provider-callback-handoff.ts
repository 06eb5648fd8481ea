import type { ServiceClients } from '@mp/service-host';

/**
 * The two provider-callback calls that take SMPP receipts and inbound messages
 * into the platform's exactly-once path (the host's `clients['provider-callback']`
 * satisfies it; tests pass a small object).
 */
export type ProviderCallbackHandoff = Pick<ServiceClients['provider-callback'], 'recordCarrierReceipts' | 'recordCarrierInbound'>;
