import type { repliesV1 } from '@mp/contracts';
import { CUSTOMER, type MethodAccess } from '@mp/grpc';

export const repliesAccess: MethodAccess<typeof repliesV1.RepliesServiceService> = {
  listInboundMessages: CUSTOMER,
  listMessageReplies: CUSTOMER,
};
