import { repliesV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { Knex } from 'knex';
import { listMessageReplies } from '../message-replies/list-message-replies.usecase';
import type { RepliesClients } from '../replies-clients';
import { getInboundMessage } from './get-inbound-message.usecase';
import { listInboundMessages } from './list-inbound-messages.usecase';

/** The RepliesService gRPC handlers. */
export function repliesHandlers(deps: { db: Knex; clients: Pick<RepliesClients, 'messaging'> }): AsyncHandlers<typeof repliesV1.RepliesServiceService> {
  return {
    listInboundMessages: (request, ctx) => listInboundMessages(deps.db, requirePrincipal(ctx), request),
    listMessageReplies: (request, ctx) => listMessageReplies(deps.db, deps.clients, requirePrincipal(ctx), request),
    getInboundMessage: (request) => getInboundMessage(deps.db, request),
  };
}
