import { providerCallbackV1 } from '@mp/contracts';
import { implementService, type ServiceBinding } from '@mp/grpc';
import type { Logger } from '@mp/telemetry';
import { providerCallbackAccess } from './provider-callback.access';
import { recordConnectionInbound } from './connection-ingest/record-connection-inbound.usecase';
import { recordConnectionReceipts } from './connection-ingest/record-connection-receipts.usecase';
import type { CarrierCallbackHandler } from './connection-callbacks/handle-carrier-callback.usecase';
import { ingestCallback, type IngestCallbackDeps } from './ingest/ingest-callback.usecase';

/** gRPC ProviderCallbackService. Callbacks' callers are providers, not principals (the HMAC authenticates them); a held connection's receipts and inbound come from messaging. */
export function providerCallbackHandlers(deps: IngestCallbackDeps, logger: Logger, carrierCallback: CarrierCallbackHandler): ServiceBinding {
  return implementService(
    providerCallbackV1.ProviderCallbackServiceService,
    {
      async ingestCallback(req) {
        return ingestCallback(deps, { provider: req.provider, kind: req.kind, rawBody: Buffer.from(req.rawBody), signature: req.signature });
      },
      handleCarrierCallback: (req) =>
        carrierCallback({ carrier: req.carrier, route: req.route, method: req.method, rawBody: Buffer.from(req.rawBody), query: req.query, signatures: req.signatures }),
      recordCarrierReceipts: (req) => recordConnectionReceipts(deps, req),
      recordCarrierInbound: (req) => recordConnectionInbound(deps, req),
    },
    logger,
    providerCallbackAccess,
  );
}
