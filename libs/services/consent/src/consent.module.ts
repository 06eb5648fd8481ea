import { consentV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import type { ServiceModule } from '@mp/service-host';
import { consentAccess } from './consent.access';
import type { ConsentConfig } from './consent.config';
import { consentHandlers } from './consent.handlers';
import { consentMigrations } from './migrations';
import { replyKeywordConsumer } from './reply-keywords/reply-keyword.consumer';

/**
 * Recipient consent (spec 2.7, 4.7): the append-only consent ledger and the
 * opt-outs in force it maintains, re-subscribe with evidence, evidence
 * records, STOP and START replies, and the send-time permission check.
 */
export const consentService: ServiceModule<ConsentConfig> = {
  name: 'consent',
  migrations: consentMigrations,
  create({ db, logger, outbox, clock }) {
    const handlers = consentHandlers({ db, outbox, clock });
    return {
      grpc: [implementService(consentV1.ConsentServiceService, handlers, logger, consentAccess)],
      consumers: [replyKeywordConsumer({ outbox, clock, logger })],
    };
  },
};
