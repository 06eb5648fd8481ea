/** The Carrier API path of each channel an `http` connection posts to (service-contracts "Carrier API"). */
export const SMS_CARRIER_PATH = '/carrier/v1/messages';
export const WHATSAPP_CARRIER_PATH = '/whatsapp/v1/messages';
