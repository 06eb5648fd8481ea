import type { providerCallbackV1 } from '@mp/contracts';
import { ANONYMOUS_CALLER, type MethodAccess } from '@mp/grpc';

/** Providers are not principals: the gateway forwards their callbacks anonymously and the HMAC is checked here. */
export const providerCallbackAccess: MethodAccess<typeof providerCallbackV1.ProviderCallbackServiceService> = {
  ingestCallback: ANONYMOUS_CALLER,
};
