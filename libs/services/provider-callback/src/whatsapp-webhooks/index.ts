/** Meta's WhatsApp Cloud API webhooks taken apart (issue 29 point 2): pure functions, no routes, no store. */
export { verifyMetaSignature } from './meta-signature';
export { answerHandshake, type HandshakeAnswer } from './meta-handshake';
export { parseWhatsAppWebhook, MAX_WEBHOOK_BYTES, MAX_WEBHOOK_ITEMS } from './whatsapp-webhook.parser';
export { MAX_WEBHOOK_ID_LENGTH } from './webhook-fields';
export { toWhatsAppReceipt, toCarrierReceiptFields, type WhatsAppReceipt } from './whatsapp-receipt.mapping';
export { toWhatsAppInbound, toE164, type WhatsAppInbound, type WhatsAppInboundFields, type WhatsAppReplyChoice } from './whatsapp-inbound.mapping';
export type * from './whatsapp-webhook.types';
