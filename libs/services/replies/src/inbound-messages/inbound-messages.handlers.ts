import { repliesV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { ListInboundMessagesUseCase } from './list-inbound-messages.usecase';

/** The RepliesService gRPC handlers. */
export function repliesHandlers(deps: {
  listInboundMessages: ListInboundMessagesUseCase;
}): AsyncHandlers<typeof repliesV1.RepliesServiceService> {
  return {
    listInboundMessages: (request, ctx) => deps.listInboundMessages.execute(requirePrincipal(ctx), request),
  };
}
