import type { HttpConnection } from '@mp/carrier-connections';
import { DomainError } from '@mp/problems';
import { recordCarrierInbound } from '../../carrier-inbound/record-carrier-inbound.usecase';
import { recordCarrierReceipt } from '../../carrier-receipts/record-carrier-receipt.usecase';
import { unauthorized } from '../../ingest/ingest-callback.usecase';
import { isValidSignature } from '../../signatures/callback-signature';
import type { ProtocolCallbacks } from '../carrier-callback';

/**
 * An `http` connection's receipts and inbound messages (service-contracts
 * "Carrier API"): `X-Signature` with its `callbackSecret`, checked before the
 * body is read, then the same store-once paths as the sandbox carrier's.
 */
export const httpCallbacks: ProtocolCallbacks<HttpConnection> = async (deps, connection, request) => {
  if (request.method !== 'POST' || !isValidSignature(connection.callbackSecret, request.rawBody, request.signatures['x-signature'] ?? '')) {
    deps.logger.warn('carrier callback with a bad signature', { carrier: connection.name, route: request.route });
    throw unauthorized();
  }
  if (request.route === 'receipts') return recordCarrierReceipt(deps, connection.name, request.rawBody);
  if (request.route === 'inbound') return recordCarrierInbound(deps, connection.name, request.rawBody);
  throw new DomainError('NOT_FOUND', `No ${connection.name} callbacks of kind "${request.route}".`);
};
