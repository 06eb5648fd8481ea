import type { CarrierConnection, CarrierProtocol } from '@mp/carrier-connections';
import { ingestCallback } from '../ingest/ingest-callback.usecase';
import { countWebhook, webhookOutcome } from './callback-metrics';
import { handshakeRefused, type CarrierCallbackAnswer, type CarrierCallbackDeps, type CarrierCallbackRequest, type ProtocolCallbacks } from './carrier-callback';
import { httpCallbacks } from './http/http-callbacks';
import { twilioCallbacks } from './twilio/twilio-callbacks';
import { whatsAppCloudCallbacks } from './whatsapp-cloud/whatsapp-cloud-callbacks';

type CallbacksByProtocol = { [P in CarrierProtocol]?: ProtocolCallbacks<Extract<CarrierConnection, { protocol: P }>> };

/** Each protocol's callbacks; an SMPP connection has none (its receipts come over the bind, through messaging). */
const CALLBACKS: CallbacksByProtocol = { http: httpCallbacks, 'whatsapp-cloud': whatsAppCloudCallbacks, twilio: twilioCallbacks };

/**
 * Every request to /v1/webhooks/carriers/{carrier}[/{route}]: the configured
 * connection of that name answers it in its protocol's way; a carrier that is
 * no connection is a callback provider of its own (the sandbox's `sim`),
 * verified as before. Nothing is stored before a signature verifies.
 */
export type CarrierCallbackHandler = (request: CarrierCallbackRequest) => Promise<CarrierCallbackAnswer>;

export function carrierCallbackHandler(deps: CarrierCallbackDeps, connections: readonly CarrierConnection[]): CarrierCallbackHandler {
  const byName = new Map(connections.map((c) => [c.name, c]));
  return async (request) => {
    const connection = byName.get(request.carrier);
    const callbacks = connection && (CALLBACKS[connection.protocol] as ProtocolCallbacks<CarrierConnection> | undefined);
    if (request.method === 'GET' && connection?.protocol !== 'whatsapp-cloud') {
      if (connection) countWebhook(connection.name, 'handshake-refused');
      // Only Meta's handshake is a GET; to anything else, the answer a wrong verify token gets.
      throw handshakeRefused();
    }
    if (callbacks) {
      try {
        const answer = await callbacks(deps, connection!, request, connections);
        countWebhook(connection!.name, webhookOutcome(request.method));
        return answer;
      } catch (error) {
        countWebhook(connection!.name, webhookOutcome(request.method, error));
        throw error;
      }
    }
    if (connection) deps.logger.warn('callback for a connection whose protocol takes none', { carrier: connection.name, protocol: connection.protocol });
    return ingestCallback(deps, { provider: request.carrier, kind: request.route, rawBody: request.rawBody, signature: request.signatures['x-signature'] ?? '' });
  };
}
