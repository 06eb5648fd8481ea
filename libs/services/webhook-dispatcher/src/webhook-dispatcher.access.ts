import type { webhooksV1 } from '@mp/contracts';
import { CUSTOMER, type MethodAccess } from '@mp/grpc';

/** Every method is a customer route (spec 4.6); reach, rights and roles are decided by reachWebhooks and reachBilling. */
export const webhookDispatcherAccess: MethodAccess<typeof webhooksV1.WebhookDispatcherServiceService> = {
  createWebhookEndpoint: CUSTOMER,
  listWebhookEndpoints: CUSTOMER,
  getWebhookEndpoint: CUSTOMER,
  updateWebhookEndpoint: CUSTOMER,
  deleteWebhookEndpoint: CUSTOMER,
  rotateWebhookSecret: CUSTOMER,
  sendTestEvent: CUSTOMER,
  listWebhookDeliveries: CUSTOMER,
  replayWebhookDelivery: CUSTOMER,
  getBillingWebhookConfig: CUSTOMER,
  enableBillingWebhook: CUSTOMER,
  disableBillingWebhook: CUSTOMER,
  regenerateBillingWebhookSecret: CUSTOMER,
};
