import type { routingV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import { createNumberPool } from './number-pools/create-number-pool.usecase';
import { deleteNumberPool, getNumberPool, listNumberPools, updateNumberPool } from './number-pools/manage-number-pool.usecase';
import { resolveNumber } from './number-resolution/resolve-number.usecase';
import { listNumbers } from './numbers/list-numbers.usecase';
import { numberToProto } from './numbers/number.proto';
import { provisionNumber } from './numbers/provision-number.usecase';
import { deleteNumber } from './numbers/release-number.usecase';
import type { RoutingDeps } from './routing-deps';
import { getRoutingPolicy } from './routing-policy/get-routing-policy.usecase';
import { previewRoute } from './routing-policy/preview-route.usecase';
import { updateRoutingPolicy } from './routing-policy/update-routing-policy.usecase';
import { chooseSender, chooseSenders, senderChoiceToProto } from './sender-choice/choose-sender.usecase';

/** The RoutingService gRPC handlers: translation between proto messages and the use cases only. */
export function routingHandlers(deps: RoutingDeps): AsyncHandlers<typeof routingV1.RoutingServiceService> {
  return {
    listNumbers: async (request, ctx) => ({ items: (await listNumbers(deps.db, requirePrincipal(ctx), request)).map(numberToProto) }),
    chooseSender: (request, ctx) => chooseSender(deps, requirePrincipal(ctx), request),
    chooseSenders: async (request, ctx) => ({ choices: (await chooseSenders(deps, requirePrincipal(ctx), request.requests)).map(senderChoiceToProto) }),
    resolveNumber: async (request) => numberToProto(await resolveNumber(deps.db, request)),
    getRoutingPolicy: (request, ctx) => getRoutingPolicy(deps, requirePrincipal(ctx), request),
    updateRoutingPolicy: (request, ctx) => updateRoutingPolicy(deps, requirePrincipal(ctx), request),
    previewRoute: (request, ctx) => previewRoute(deps, requirePrincipal(ctx), request),
    createNumber: (request, ctx) => provisionNumber(deps, requirePrincipal(ctx), request),
    deleteNumber: async (request, ctx) => {
      await deleteNumber(deps, requirePrincipal(ctx), request);
      return {};
    },
    createNumberPool: (request, ctx) => createNumberPool(deps, requirePrincipal(ctx), request),
    listNumberPools: (request, ctx) => listNumberPools(deps, requirePrincipal(ctx), request),
    getNumberPool: (request, ctx) => getNumberPool(deps, requirePrincipal(ctx), request),
    updateNumberPool: (request, ctx) => updateNumberPool(deps, requirePrincipal(ctx), request),
    deleteNumberPool: async (request, ctx) => {
      await deleteNumberPool(deps, requirePrincipal(ctx), request);
      return {};
    },
  };
}
