import type { messagingV1 } from '@mp/contracts';
import { CUSTOMER, SERVICE, STAFF, USER, type MethodAccess } from '@mp/grpc';

/**
 * Who may call each MessagingService method: customers through the gateway;
 * templates are managed by signed-in users only, never API keys (spec 4.4,
 * 5.6); account holds are for staff tools only.
 */
export const messagingAccess: MethodAccess<typeof messagingV1.MessagingServiceService> = {
  sendMessage: CUSTOMER,
  getMessage: CUSTOMER,
  previewSegments: CUSTOMER,
  cancelMessage: CUSTOMER,
  listMessages: CUSTOMER,
  getSubaccountQuota: CUSTOMER,
  getMessageCosts: CUSTOMER,
  getMessageCostsByChannel: CUSTOMER,
  listMessageCharges: CUSTOMER,
  listCarrierEvents: CUSTOMER,
  holdAccountSending: STAFF,
  releaseAccountSending: STAFF,
  getAccountSendingHold: STAFF,
  // A service that changed an account's standing (provider-callback after a subscription callback).
  noteStandingChange: SERVICE,
  createTemplate: USER,
  updateTemplate: USER,
  getTemplate: USER,
  listTemplates: USER,
  renderTemplate: USER,
};
