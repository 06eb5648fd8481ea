import { randomInt } from 'node:crypto';
import { routingV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import type { ServiceModule } from '@mp/service-host';
import { routingMigrations } from './migrations';
import { routingAccess } from './routing.access';
import type { RoutingConfig } from './routing.config';
import { routingHandlers } from './routing.handlers';
import { accountActivatedConsumer } from './sandbox-provisioning/account-activated.consumer';

/**
 * Numbers (provisioned, listed, released), number pools and their
 * strategies, each attempt's sender, subaccounts' routing policies and route
 * previews (spec 2.5, 2.9, 4.5); in sandbox, every activated account's first
 * senders. Identity confirms the subaccounts customers name; consent says
 * what a preview's recipient allows.
 */
export const routingService: ServiceModule<RoutingConfig> = {
  name: 'routing',
  migrations: routingMigrations,
  create({ config, db, clock, logger, sandbox, clients }) {
    // `clients` is passed whole: identity's and consent's clients are created (and their addresses needed) on first use.
    const handlers = routingHandlers({ db, clock, clients, config, sandbox, random: (n) => randomInt(n) });
    return {
      grpc: [implementService(routingV1.RoutingServiceService, handlers, logger, routingAccess)],
      consumers: [accountActivatedConsumer({ config, clock }, sandbox, logger)],
    };
  },
};
