import { providerCallbackV1 } from '@mp/contracts';
import { implementService, type ServiceBinding } from '@mp/grpc';
import type { Logger } from '@mp/telemetry';
import { providerCallbackAccess } from './provider-callback.access';
import { ingestCallback, type IngestCallbackDeps } from './ingest/ingest-callback.usecase';

/** gRPC ProviderCallbackService. Callers are providers, not principals: the HMAC is the only authentication. */
export function providerCallbackHandlers(deps: IngestCallbackDeps, logger: Logger): ServiceBinding {
  return implementService(
    providerCallbackV1.ProviderCallbackServiceService,
    {
      async ingestCallback(req) {
        return ingestCallback(deps, { provider: req.provider, kind: req.kind, rawBody: Buffer.from(req.rawBody), signature: req.signature });
      },
    },
    logger,
    providerCallbackAccess,
  );
}
