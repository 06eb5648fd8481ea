import { routingV1 } from '@mp/contracts';
import { implementService, requirePrincipal, type ServiceBinding } from '@mp/grpc';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { routingAccess } from './routing.access';
import { listNumbers } from './numbers/list-numbers.usecase';
import type { SenderNumber } from './numbers/number.rules';
import { resolveNumber } from './number-resolution/resolve-number.usecase';
import { getRoutingPolicy } from './routing-policy/get-routing-policy.usecase';
import { chooseSender } from './sender-choice/choose-sender.usecase';

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
export function routingHandlers(deps: { db: Knex }, logger: Logger): ServiceBinding {
  return implementService(
    routingV1.RoutingServiceService,
    {
      async listNumbers(req, ctx) {
        return { items: (await listNumbers(deps.db, requirePrincipal(ctx), req)).map(toProto) };
      },
      async chooseSender(req, ctx) {
        return chooseSender(deps.db, requirePrincipal(ctx), req);
      },
      async resolveNumber(req) {
        return toProto(await resolveNumber(deps.db, req));
      },
      getRoutingPolicy: (req, ctx) => getRoutingPolicy(requirePrincipal(ctx), req),
    },
    logger,
    routingAccess,
  );
}
