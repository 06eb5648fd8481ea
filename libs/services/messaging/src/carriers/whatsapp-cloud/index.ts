// Meta's WhatsApp Business Cloud API, send side (issue 29 point 1; CARRIERS.md 2).
export { TEMPLATE_REQUIRED } from './cloud-error-outcome';
export { messageBody, type CloudMessageBody } from './message-body';
export { WHATSAPP_CLOUD_USER_AGENT, WhatsAppCloudCarrier, type WhatsAppCloudCarrierOptions } from './whatsapp-cloud-carrier';
