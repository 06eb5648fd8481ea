import { repliesV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import type { ServiceModule } from '@mp/service-host';
import { repliesHandlers } from './inbound-messages/inbound-messages.handlers';
import { repliesMigrations } from './migrations';
import { repliesAccess } from './replies.access';
import type { RepliesConfig } from './replies.config';

/** Inbound messages (replies) and their links to sent messages (spec 2.3, 4.2, 4.3). */
export const repliesService: ServiceModule<RepliesConfig> = {
  name: 'replies',
  migrations: repliesMigrations,
  create({ db, logger }) {
    const handlers = repliesHandlers({ db });
    return { grpc: [implementService(repliesV1.RepliesServiceService, handlers, logger, repliesAccess)] };
  },
};
