import { DomainError } from '@mp/problems';
import { recordCarrierInbound } from '../carrier-inbound/record-carrier-inbound.usecase';
import { recordCarrierReceipt } from '../carrier-receipts/record-carrier-receipt.usecase';
import { storeProviderEvent, type StoreProviderEventDeps } from '../provider-events/store-provider-event.usecase';
import type { ProviderCallbackConfig } from '../provider-callback.config';
import { findProvider, secretFor } from '../signatures/callback-providers';
import { isValidSignature } from '../signatures/callback-signature';
import type { RecordOnceDeps } from './record-once';

export interface IngestCallbackInput {
  provider: string;
  kind: string;
  rawBody: Buffer;
  signature: string;
}

// One answer for every authentication failure, so a caller cannot probe which providers exist.
export const unauthorized = () => new DomainError('UNAUTHORIZED', 'The callback signature is missing or invalid.');

export type IngestCallbackDeps = RecordOnceDeps & StoreProviderEventDeps & { config: ProviderCallbackConfig };

/**
 * Every provider callback enters here: the signature is checked before the
 * body is even parsed (spec 5.7: HMAC only; nothing is stored when it fails),
 * then the callback goes to what handles its provider and kind.
 */
export async function ingestCallback(deps: IngestCallbackDeps, input: IngestCallbackInput): Promise<{ accepted: boolean; eventId: string }> {
  const provider = findProvider(input.provider);
  const secret = provider ? secretFor(provider, input.kind, deps.config) : undefined;
  if (!provider || !secret) {
    deps.logger.warn('callback for an unknown or unconfigured provider', { provider: input.provider });
    throw unauthorized();
  }
  if (!isValidSignature(secret, input.rawBody, input.signature)) {
    deps.logger.warn('callback with a bad signature', { provider: provider.name, kind: input.kind });
    throw unauthorized();
  }
  if (!provider.kinds.includes(input.kind)) throw new DomainError('NOT_FOUND', `No ${provider.name} callbacks of kind "${input.kind}".`);
  if (provider.isCarrier && input.kind === 'receipts') return recordCarrierReceipt(deps, provider.name, input.rawBody);
  if (provider.isCarrier && input.kind === 'inbound') return recordCarrierInbound(deps, provider.name, input.rawBody);
  return storeProviderEvent(deps, provider.name, input.kind, input.rawBody);
}
