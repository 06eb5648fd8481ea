import { messagingV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import { messagingAccess } from './grpc/messaging.access';
import type { DueJob, ServiceDeps, ServiceModule, ServiceParts } from '@mp/service-host';
import { ChannelCarriers } from './carriers/channel-carriers';
import { HttpCarrierAdapter, SMS_CARRIER_PATH, WHATSAPP_CARRIER_PATH } from './carriers/http-carrier.adapter';
import { SmtpEmailCarrierAdapter } from './carriers/smtp-email-carrier.adapter';
import type { CarrierAdapter } from './carriers/carrier.port';
import type { MessagingConfig } from './config/messaging-config';
import { RouteAdvance } from './fallback/route-advance';
import { receiptTimeoutJob } from './fallback/receipt-timeout.job';
import { Dispatcher } from './dispatch/dispatcher';
import { measureDispatchQueue } from './dispatch/dispatch-metrics';
import { messagingHandlers, type MessagingHandlers } from './grpc/messaging.handlers';
import type { MessagingClients } from './messaging-clients';
import { messagingMigrations } from './migrations';
import { QuotaLedger } from './quota/quota-ledger';
import { receiptConsumer } from './receipts/receipt.consumer';
import { replyAnswerConsumer } from './replies/reply-answer.consumer';
import { replyWindowExpiryJob } from './replies/reply-window-expiry';
import { ScheduledRelease } from './scheduling/scheduled-release';
import { AcceptanceWriter } from './submission/acceptance-writer';
import { listenForStandingChanges, SendingStandingCache, withCachedSendingStanding } from './submission/sending-standing-cache';
import { standingVersion } from './submission/standing-changes';

/** `transport` is where identity's changes arrive; without it identity is asked for the standing at every send (no cache). */
export type MessagingDeps = Omit<ServiceDeps<MessagingConfig>, 'clients'> & {
  clients: MessagingClients;
};

export interface Messaging {
  handlers: MessagingHandlers;
  dispatcher: Dispatcher;
  scheduled: ScheduledRelease;
  /** Awaiting -> Expired once expiresAt passes (spec 3.2). */
  replyWindow: DueJob;
  parts: ServiceParts;
}

/** A carrier per channel (spec 1: each channel through its own carrier); a channel without one stays queued. */
function carrierFrom(config: MessagingConfig): CarrierAdapter | undefined {
  const apiKey = config.CARRIER_API_KEY;
  const whatsAppUrl = config.WHATSAPP_API_URL ?? config.CARRIER_API_URL;
  const carriers = new ChannelCarriers({
    Sms: config.CARRIER_API_URL ? new HttpCarrierAdapter({ baseUrl: config.CARRIER_API_URL, apiKey, path: SMS_CARRIER_PATH }) : undefined,
    WhatsApp: whatsAppUrl ? new HttpCarrierAdapter({ baseUrl: whatsAppUrl, apiKey, path: WHATSAPP_CARRIER_PATH }) : undefined,
    Email: config.CARRIER_SMTP_URL ? new SmtpEmailCarrierAdapter({ smtpUrl: config.CARRIER_SMTP_URL }) : undefined,
  });
  return carriers.channels.length > 0 ? carriers : undefined;
}

/** Wires the service; exposed (not only the module) so service tests can reach handlers and the dispatcher. */
export function createMessaging(deps: MessagingDeps): Messaging {
  const { config, db, outbox, clock, logger, clients } = deps;
  const carrier = carrierFrom(config);
  // Sending standings are cached only where an event transport can evict them (issue 13).
  const standings = deps.transport && new SendingStandingCache({ versionOf: (accountId) => standingVersion(db, accountId) });
  const route = new RouteAdvance(outbox, config.PRICE_TABLE);
  const dispatcher = new Dispatcher({
    route,
    db,
    outbox,
    clock,
    logger,
    clients,
    carrier,
    enabled: config.DISPATCH_ENABLED,
    maxAttempts: config.DISPATCH_MAX_ATTEMPTS,
    maxDeferrals: config.DISPATCH_MAX_DEFERRALS,
  });
  const scheduled = new ScheduledRelease({ db, outbox, clock, logger, onUrgentReleased: () => dispatcher.kick() });
  const replyWindow = replyWindowExpiryJob({ db, clock, logger });
  const quota = new QuotaLedger();
  const handlers = messagingHandlers({
    db,
    outbox,
    clock,
    clients: standings ? withCachedSendingStanding(clients, standings) : clients,
    priceTable: config.PRICE_TABLE,
    quota,
    acceptances: new AcceptanceWriter(db, outbox, quota),
    // Only the message's own queue: every queue's claim would be a statement for nothing.
    onQueued: (channel) => dispatcher.kick(channel),
    holds: {
      db,
      clock,
      logger,
      // Scheduled messages that came due while held are released first, so
      // the dispatch pass sees every waiting message and takes urgent ones first.
      onReleased: async () => {
        await scheduled.run();
        dispatcher.kick();
      },
    },
  });
  let standingListener: ReturnType<typeof listenForStandingChanges> | undefined;
  let stopMeasuringQueue: (() => void) | undefined;
  if (!config.DISPATCH_ENABLED) logger.info('dispatch is disabled (DISPATCH_ENABLED=false): accepted messages stay queued');
  return {
    handlers,
    dispatcher,
    scheduled,
    replyWindow,
    parts: {
      grpc: [implementService(messagingV1.MessagingServiceService, handlers, logger, messagingAccess)],
      consumers: [receiptConsumer({ outbox, clock, logger, route }), replyAnswerConsumer({ clock, logger })],
      // Release before dispatch: one run of due work (a sandbox clock advance) sends what came due.
      // Timeouts before dispatch: one sandbox clock move falls back and sends on the next channel.
      jobs: [scheduled.job, receiptTimeoutJob({ db, clock, logger, route, onAdvanced: () => dispatcher.kick() }), dispatcher.job, replyWindow],
      start: async () => {
        stopMeasuringQueue = measureDispatchQueue(db);
        if (standings && deps.transport) standingListener = listenForStandingChanges({ transport: deps.transport, cache: standings, logger });
      },
      stop: async () => {
        stopMeasuringQueue?.();
        await standingListener?.stop();
        await scheduled.idle();
        await dispatcher.stop();
        carrier?.close?.();
      },
    },
  };
}

/** Submission, templates, scheduling, expiry, cancel, account holds, dispatch, receipts and reply status (spec 2.1-2.4, 3.1, 3.2, 4.2, 4.4). */
export const messagingService: ServiceModule<MessagingConfig> = {
  name: 'messaging',
  migrations: messagingMigrations,
  create: (deps) => createMessaging(deps).parts,
};
