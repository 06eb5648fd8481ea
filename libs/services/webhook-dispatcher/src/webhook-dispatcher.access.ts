import type { webhooksV1 } from '@mp/contracts';
import { CUSTOMER, type MethodAccess } from '@mp/grpc';

export const webhookDispatcherAccess: MethodAccess<typeof webhooksV1.WebhookDispatcherServiceService> = {
  listWebhookEndpoints: CUSTOMER,
};
