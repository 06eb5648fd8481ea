import type { ServiceModule } from '@mp/service-host';
import { CarrierEventsRepository } from './carrier-receipts/carrier-events.repository';
import { RecordCarrierReceiptUseCase } from './carrier-receipts/record-carrier-receipt.usecase';
import { IngestCallbackUseCase } from './ingest/ingest-callback.usecase';
import { providerCallbackMigrations } from './migrations';
import type { ProviderCallbackConfig } from './provider-callback.config';
import { providerCallbackHandlers } from './provider-callback.handlers';
import { ProviderEventsRepository } from './provider-events/provider-events.repository';
import { StoreProviderEventUseCase } from './provider-events/store-provider-event.usecase';

/** Callback ingress for carriers, the payment processor and the 10DLC registry. */
export const providerCallbackService: ServiceModule<ProviderCallbackConfig> = {
  name: 'provider-callback',
  migrations: providerCallbackMigrations,
  create({ config, db, outbox, clock, logger }) {
    const ingest = new IngestCallbackUseCase(
      config,
      new RecordCarrierReceiptUseCase(db, new CarrierEventsRepository(), outbox, clock),
      new StoreProviderEventUseCase(db, new ProviderEventsRepository(), outbox, clock, logger),
      logger,
    );
    return { grpc: [providerCallbackHandlers(ingest, logger)] };
  },
};
