import { DomainError } from '@mp/problems';
import type { Logger } from '@mp/telemetry';
import type { RecordCarrierReceiptUseCase } from '../carrier-receipts/record-carrier-receipt.usecase';
import type { StoreProviderEventUseCase } from '../provider-events/store-provider-event.usecase';
import type { ProviderCallbackConfig } from '../provider-callback.config';
import { findProvider } from '../signatures/callback-providers';
import { isValidSignature } from '../signatures/callback-signature';

export interface IngestCallbackInput {
  provider: string;
  kind: string;
  rawBody: Buffer;
  signature: string;
}

// One answer for every authentication failure, so a caller cannot probe which providers exist.
const unauthorized = () => new DomainError('UNAUTHORIZED', 'The callback signature is missing or invalid.');

/**
 * Every provider callback enters here: the signature is checked before the
 * body is even parsed (spec 5.7: HMAC only; nothing is stored when it fails),
 * then the callback goes to what handles its provider and kind.
 */
export class IngestCallbackUseCase {
  constructor(
    private readonly config: ProviderCallbackConfig,
    private readonly carrierReceipts: RecordCarrierReceiptUseCase,
    private readonly providerEvents: StoreProviderEventUseCase,
    private readonly logger: Logger,
  ) {}

  async execute(input: IngestCallbackInput): Promise<{ accepted: boolean; eventId: string }> {
    const provider = findProvider(input.provider);
    const secret = provider ? this.config[provider.secretVariable] : undefined;
    if (!provider || !secret) {
      this.logger.warn('callback for an unknown or unconfigured provider', { provider: input.provider });
      throw unauthorized();
    }
    if (!isValidSignature(secret, input.rawBody, input.signature)) {
      this.logger.warn('callback with a bad signature', { provider: provider.name, kind: input.kind });
      throw unauthorized();
    }
    if (!provider.kinds.includes(input.kind)) throw new DomainError('NOT_FOUND', `No ${provider.name} callbacks of kind "${input.kind}".`);
    if (provider.isCarrier && input.kind === 'receipts') return this.carrierReceipts.execute(provider.name, input.rawBody);
    return this.providerEvents.execute(provider.name, input.kind, input.rawBody);
  }
}
