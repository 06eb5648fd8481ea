import { consentV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import { consentAccess } from './consent.access';
import type { ServiceModule } from '@mp/service-host';
import type { ConsentConfig } from './consent.config';
import { consentMigrations } from './migrations';
import { consentHandlers } from './send-permission/send-permission.handlers';

/** Recipient opt-outs and the send-time permission check (spec 2.7, 4.7). */
export const consentService: ServiceModule<ConsentConfig> = {
  name: 'consent',
  migrations: consentMigrations,
  create({ db, logger }) {
    const handlers = consentHandlers({ db });
    return { grpc: [implementService(consentV1.ConsentServiceService, handlers, logger, consentAccess)] };
  },
};
