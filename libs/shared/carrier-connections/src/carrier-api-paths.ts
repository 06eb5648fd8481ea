/**
 * The Carrier API path an `http` connection posts to (service-contracts "Carrier API"). SMS only: WhatsApp goes
 * through Meta's Cloud API (a whatsapp-cloud connection), the invented /whatsapp/v1/messages retired (issue 29 point 6).
 */
export const SMS_CARRIER_PATH = '/carrier/v1/messages';
