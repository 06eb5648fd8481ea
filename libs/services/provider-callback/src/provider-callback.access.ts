import type { providerCallbackV1 } from '@mp/contracts';
import { ANONYMOUS_CALLER, SERVICE, type MethodAccess } from '@mp/grpc';

/** Providers are not principals: the gateway forwards their callbacks anonymously and the HMAC is checked here. */
export const providerCallbackAccess: MethodAccess<typeof providerCallbackV1.ProviderCallbackServiceService> = {
  ingestCallback: ANONYMOUS_CALLER,
  handleCarrierCallback: ANONYMOUS_CALLER,
  // A connection messaging holds (SMPP): messaging alone (connection-ingest/messaging-caller.ts).
  recordCarrierReceipts: SERVICE,
  recordCarrierInbound: SERVICE,
};
