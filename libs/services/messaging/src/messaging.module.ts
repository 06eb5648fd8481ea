import { messagingV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import { messagingAccess } from './grpc/messaging.access';
import type { DueJob, ServiceDeps, ServiceModule, ServiceParts } from '@mp/service-host';
import { configuredCarriers } from './carriers/configured-carriers';
import { unboundConnections } from './carriers/smpp';
import type { MessagingConfig } from './config/messaging-config';
import { RouteAdvance } from './fallback/route-advance';
import { receiptTimeoutJob } from './fallback/receipt-timeout.job';
import { Dispatcher } from './dispatch/dispatcher';
import { measureDispatchQueue } from './dispatch/dispatch-metrics';
import { messagingHandlers, type MessagingHandlers } from './grpc/messaging.handlers';
import type { MessagingClients } from './messaging-clients';
import { messagingMigrations } from './migrations';
import { QuotaLedger } from './quota/quota-ledger';
import { earlyCarrierReceiptsExpiryJob } from './receipts/early-carrier-receipts-expiry.job';
import { receiptConsumer } from './receipts/receipt.consumer';
import { replyAnswerConsumer } from './replies/reply-answer.consumer';
import { replyWindowExpiryJob } from './replies/reply-window-expiry';
import { ScheduledRelease } from './scheduling/scheduled-release';
import { AcceptanceWriter } from './submission/acceptance-writer';
import { listenForStandingChanges, SendingStandingCache, withCachedSendingStanding } from './submission/sending-standing-cache';
import { standingVersions } from './submission/standing-changes';

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

/** Wires the service; exposed (not only the module) so service tests can reach handlers and the dispatcher. */
export function createMessaging(deps: MessagingDeps): Messaging {
  const { config, db, outbox, clock, logger, clients } = deps;
  const carriers = configuredCarriers({
    config,
    db,
    clock,
    logger,
    providerCallback: () => {
      // Read at call time: the host makes a client on first use.
      const client = () => {
        const providerCallback = clients['provider-callback'];
        if (!providerCallback) throw new Error('messaging has no provider-callback client, which SMPP connections need');
        return providerCallback;
      };
      return {
        recordCarrierReceipts: (...args) => client().recordCarrierReceipts(...args),
        recordCarrierInbound: (...args) => client().recordCarrierInbound(...args),
      };
    },
  });
  const carrier = carriers.carrier;
  // Sending standings are cached only where an event transport can evict them (issue 13).
  const standings = deps.transport && new SendingStandingCache({ versionOf: standingVersions(db) });
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
      jobs: [scheduled.job, receiptTimeoutJob({ db, clock, logger, route, onAdvanced: () => dispatcher.kick() }), dispatcher.job, replyWindow, earlyCarrierReceiptsExpiryJob({ db, clock, logger }), ...carriers.jobs],
      // An SMSC refusing or out of reach is named on /readyz, never unready: every other channel still sends.
      degradations: () => unboundConnections(carriers.smpp.map((smpp) => smpp.status())),
      start: async () => {
        stopMeasuringQueue = measureDispatchQueue(db);
        if (standings && deps.transport) standingListener = listenForStandingChanges({ transport: deps.transport, cache: standings, logger });
      },
      stop: async () => {
        stopMeasuringQueue?.();
        await standingListener?.stop();
        await scheduled.idle();
        await dispatcher.stop();
        // SMPP unbinds once its window drained: receipts still arriving meanwhile are stored.
        await carrier?.close?.();
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
