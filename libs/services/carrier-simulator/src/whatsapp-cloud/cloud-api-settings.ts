import type { CarrierSimulatorConfig } from '../carrier-simulator.config';

/**
 * What the fake WhatsApp Cloud API takes and calls back with unless the SIM_WHATSAPP_*
 * variables say otherwise. Sandbox only: the simulator is never Meta, so these are
 * documented defaults, not secrets of anything real.
 */
export const SANDBOX_WHATSAPP_CLOUD = {
  accessToken: 'sandbox-whatsapp-access-token',
  appSecret: 'sandbox-whatsapp-app-secret',
  phoneNumberId: '100000000000001',
  displayNumber: '+15550100001',
  businessAccountId: '100000000000002',
  connectionName: 'sim-whatsapp',
} as const;

export interface CloudApiSettings {
  accessToken: string;
  appSecret: string;
  /** The one phone number id sends are taken for (`/{apiVersion}/{phoneNumberId}/messages`). */
  phoneNumberId: string;
  /** E.164; status webhooks name it (as digits) in `metadata.display_phone_number`. */
  displayNumber: string;
  businessAccountId: string;
  /** The `{carrier}` of `/v1/webhooks/carriers/{carrier}`: the platform's whatsapp-cloud connection's name. */
  connectionName: string;
}

/** The fake's settings from the module's config (read per use: a test or composer may change it), defaults for what it leaves out. */
export function cloudApiSettingsOf(config: CarrierSimulatorConfig): CloudApiSettings {
  return {
    accessToken: config.SIM_WHATSAPP_ACCESS_TOKEN ?? SANDBOX_WHATSAPP_CLOUD.accessToken,
    appSecret: config.SIM_WHATSAPP_APP_SECRET ?? SANDBOX_WHATSAPP_CLOUD.appSecret,
    phoneNumberId: config.SIM_WHATSAPP_PHONE_NUMBER_ID ?? SANDBOX_WHATSAPP_CLOUD.phoneNumberId,
    displayNumber: config.SIM_WHATSAPP_DISPLAY_NUMBER ?? SANDBOX_WHATSAPP_CLOUD.displayNumber,
    businessAccountId: config.SIM_WHATSAPP_BUSINESS_ACCOUNT_ID ?? SANDBOX_WHATSAPP_CLOUD.businessAccountId,
    connectionName: config.SIM_WHATSAPP_CONNECTION ?? SANDBOX_WHATSAPP_CLOUD.connectionName,
  };
}
