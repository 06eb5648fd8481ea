import { routingV1 } from '@mp/contracts';
import { implementService, type ServiceBinding } from '@mp/grpc';
import type { Logger } from '@mp/telemetry';
import { routingAccess } from './routing.access';
import type { ListNumbersUseCase } from './numbers/list-numbers.usecase';
import type { SenderNumber } from './numbers/number.rules';
import type { ChooseSenderUseCase } from './sender-choice/choose-sender.usecase';

const toProto = (n: SenderNumber): routingV1.PhoneNumber => ({
  numberId: n.numberId,
  accountId: n.accountId,
  subaccountId: n.subaccountId,
  address: n.address,
  channelTypes: n.channelTypes,
  status: n.status,
  createdAt: n.createdAt.toISOString(),
});

/** gRPC RoutingService: translation between proto messages and the use cases only. */
export function routingHandlers(useCases: { listNumbers: ListNumbersUseCase; chooseSender: ChooseSenderUseCase }, logger: Logger): ServiceBinding {
  return implementService(
    routingV1.RoutingServiceService,
    {
      async listNumbers(req) {
        return { items: (await useCases.listNumbers.execute(req)).map(toProto) };
      },
      async chooseSender(req) {
        return useCases.chooseSender.execute(req);
      },
    },
    logger,
    routingAccess,
  );
}
