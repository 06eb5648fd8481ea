import type { ServiceModule } from '@mp/service-host';
import { routingMigrations } from './migrations';
import type { RoutingConfig } from './routing.config';
import { routingHandlers } from './routing.handlers';
import { accountActivatedConsumer } from './sandbox-provisioning/account-activated.consumer';

/** Numbers and sender choice; in sandbox, every activated account's first senders. */
export const routingService: ServiceModule<RoutingConfig> = {
  name: 'routing',
  migrations: routingMigrations,
  create({ config, db, clock, logger, sandbox }) {
    return {
      grpc: [routingHandlers({ db }, logger)],
      consumers: [accountActivatedConsumer({ config, clock }, sandbox, logger)],
    };
  },
};
