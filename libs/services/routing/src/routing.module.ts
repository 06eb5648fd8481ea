import type { ServiceModule } from '@mp/service-host';
import { routingMigrations } from './migrations';
import { ListNumbersUseCase } from './numbers/list-numbers.usecase';
import { NumbersRepository } from './numbers/numbers.repository';
import type { RoutingConfig } from './routing.config';
import { routingHandlers } from './routing.handlers';
import { accountActivatedConsumer } from './sandbox-provisioning/account-activated.consumer';
import { ProvisionSandboxSendersUseCase } from './sandbox-provisioning/provision-sandbox-senders.usecase';
import { SandboxProvisioningsRepository } from './sandbox-provisioning/sandbox-provisionings.repository';
import { ChooseSenderUseCase } from './sender-choice/choose-sender.usecase';

/** Numbers and sender choice; in sandbox, every activated account's first senders. */
export const routingService: ServiceModule<RoutingConfig> = {
  name: 'routing',
  migrations: routingMigrations,
  create({ config, db, clock, logger, sandbox }) {
    const numbers = new NumbersRepository();
    const provision = new ProvisionSandboxSendersUseCase(numbers, new SandboxProvisioningsRepository(), config, clock);
    return {
      grpc: [routingHandlers({ listNumbers: new ListNumbersUseCase(db, numbers), chooseSender: new ChooseSenderUseCase(db, numbers) }, logger)],
      consumers: [accountActivatedConsumer(provision, sandbox, logger)],
    };
  },
};
