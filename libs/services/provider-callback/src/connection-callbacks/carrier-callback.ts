import type { CarrierConnection } from '@mp/carrier-connections';
import { DomainError } from '@mp/problems';
import type { IngestCallbackDeps } from '../ingest/ingest-callback.usecase';

/** A request to /v1/webhooks/carriers/{carrier}[/{route}], as the gateway or the callback ingress received it. */
export interface CarrierCallbackRequest {
  carrier: string;
  /** What follows the carrier: '' (Meta), 'status' or 'inbound' (Twilio), 'receipts' or 'inbound' (http). */
  route: string;
  method: string;
  rawBody: Buffer;
  /** As received, without the `?`. */
  query: string;
  /** The signature headers that came, by lowercase name (CARRIER_SIGNATURE_HEADERS of @mp/contracts). */
  signatures: Readonly<Record<string, string>>;
}

/** Answered 200: `{received: true}`, or `body` as `contentType` when the protocol wants its own answer. */
export interface CarrierCallbackAnswer {
  accepted: boolean;
  eventId: string;
  contentType?: string;
  body?: string;
}

export type CarrierCallbackDeps = IngestCallbackDeps;

/** What a handshake without the connection's verify token gets, and any GET that is no Meta handshake: 403, nothing said. */
export const handshakeRefused = () =>
  new DomainError('FORBIDDEN', "The verification handshake needs hub.mode=subscribe, the connection's hub.verify_token and a hub.challenge.");

/** One protocol's callbacks for one of its connections; `connections` are all of them (a webhook may concern another). */
export type ProtocolCallbacks<C extends CarrierConnection> = (
  deps: CarrierCallbackDeps,
  connection: C,
  request: CarrierCallbackRequest,
  connections: readonly CarrierConnection[],
) => Promise<CarrierCallbackAnswer>;
