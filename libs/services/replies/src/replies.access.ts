import type { repliesV1 } from '@mp/contracts';
import { CUSTOMER, SERVICE, type MethodAccess } from '@mp/grpc';

export const repliesAccess: MethodAccess<typeof repliesV1.RepliesServiceService> = {
  listInboundMessages: CUSTOMER,
  listMessageReplies: CUSTOMER,
  // Messaging, checking a send that answers an inbound message and taking the carrier's id to quote.
  getInboundMessage: SERVICE,
};
