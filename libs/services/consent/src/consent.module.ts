import { consentV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import type { ServiceModule } from '@mp/service-host';
import { carrierOptOutConsumer } from './carrier-opt-outs/carrier-opt-out.consumer';
import { consentAccess } from './consent.access';
import type { ConsentConfig } from './consent.config';
import { consentHandlers } from './consent.handlers';
import { consentMigrations } from './migrations';
import { replyKeywordConsumer } from './reply-keywords/reply-keyword.consumer';

/**
 * Recipient consent (spec 2.7, 4.7): the append-only consent ledger and the
 * opt-outs in force it maintains, re-subscribe with evidence, evidence
 * records, CSV import and export of opt-outs and evidence, STOP and START
 * replies (and a carrier's refusal for a recipient who texted STOP there), and
 * the send-time permission check. Identity confirms the
 * subaccount of each subaccount route.
 */
export const consentService: ServiceModule<ConsentConfig> = {
  name: 'consent',
  migrations: consentMigrations,
  create({ db, logger, outbox, clock, clients }) {
    // `clients` is passed whole: identity's client is created (and its address needed) on first use.
    const handlers = consentHandlers({ db, outbox, clock, clients });
    return {
      grpc: [implementService(consentV1.ConsentServiceService, handlers, logger, consentAccess)],
      consumers: [replyKeywordConsumer({ outbox, clock, logger }), carrierOptOutConsumer({ outbox, clock, logger })],
    };
  },
};
