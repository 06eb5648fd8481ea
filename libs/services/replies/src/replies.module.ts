import { repliesV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import type { ServiceModule } from '@mp/service-host';
import { repliesHandlers } from './inbound-messages/inbound-messages.handlers';
import { repliesMigrations } from './migrations';
import { carrierInboundConsumer } from './receiving/carrier-inbound.consumer';
import { repliesAccess } from './replies.access';
import type { RepliesConfig } from './replies.config';
import { messageDispatchedConsumer } from './sent-messages/message-dispatched.consumer';

/** Inbound messages (replies) and their links to sent messages (spec 2.3, 4.2, 4.3). */
export const repliesService: ServiceModule<RepliesConfig> = {
  name: 'replies',
  migrations: repliesMigrations,
  create({ db, logger, clients, outbox, clock }) {
    // `clients` is passed whole: each service's client is created (and its address needed) on first use.
    const handlers = repliesHandlers({ db, clients });
    return {
      grpc: [implementService(repliesV1.RepliesServiceService, handlers, logger, repliesAccess)],
      consumers: [messageDispatchedConsumer({ clock, logger }), carrierInboundConsumer({ clients, outbox, clock, logger })],
    };
  },
};
