import { repliesV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { Knex } from 'knex';
import { listInboundMessages } from './list-inbound-messages.usecase';

/** The RepliesService gRPC handlers. */
export function repliesHandlers(deps: { db: Knex }): AsyncHandlers<typeof repliesV1.RepliesServiceService> {
  return {
    listInboundMessages: (request, ctx) => listInboundMessages(deps.db, requirePrincipal(ctx), request),
  };
}
