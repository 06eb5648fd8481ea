import { bool, int, str, url, type ConfigOf } from '@mp/config';
import type { CarrierSimulatorEndpoints } from './endpoints/carrier-simulator-endpoints';
import { SANDBOX_SMSC_CREDENTIALS } from './smsc/smsc-settings';
import { SANDBOX_WHATSAPP_CLOUD } from './whatsapp-cloud/cloud-api-settings';

/** Environment the carrier simulator reads (composed by the apps with the host schema). */
export const carrierSimulatorConfigSchema = {
  SIM_HTTP_HOST: str({ default: '127.0.0.1', description: 'interface of the simulated carrier API' }),
  SIM_HTTP_PORT: int({ default: 0, min: 0, max: 65535, description: 'port of the simulated carrier API; 0 = any free port' }),
  SMTP_HOST: str({ default: '127.0.0.1', description: 'interface of the sandbox SMTP server' }),
  SMTP_PORT: int({ default: 0, min: 0, max: 65535, description: 'port of the sandbox SMTP server; 0 = any free port' }),
  CARRIER_CALLBACK_URL: url({
    optional: true,
    protocols: ['http', 'https'],
    description: 'base URL receipts are posted to (the gateway); receipts wait while unset',
  }),
  CALLBACK_SECRET_SIM: str({ default: 'sandbox-sim-secret', secret: true, description: 'HMAC key of the receipts it posts' }),
  SMSC_ENABLED: bool({ default: true, description: 'run the sandbox SMSC (SMPP 3.4) beside the HTTP carrier API' }),
  SMSC_HOST: str({ default: '127.0.0.1', description: 'interface of the sandbox SMSC' }),
  SMSC_PORT: int({ default: 0, min: 0, max: 65535, description: 'port of the sandbox SMSC (SMPP); 0 = any free port' }),
  SMSC_SYSTEM_ID: str({ default: SANDBOX_SMSC_CREDENTIALS.systemId, description: 'system_id an ESME binds to the sandbox SMSC with' }),
  SMSC_PASSWORD: str({ default: SANDBOX_SMSC_CREDENTIALS.password, secret: true, description: 'password an ESME binds to the sandbox SMSC with' }),
  // The fake of Meta's WhatsApp Business Cloud API (issue 29 point 6) on the carrier API's port:
  // `POST /{apiVersion}/{phoneNumberId}/messages`. A `whatsapp-cloud` connection named
  // SIM_WHATSAPP_CONNECTION with baseUrl = the carrier API's URL, this phone number id, token
  // and app secret sends through it; its status webhooks and sandbox inbound WhatsApp messages
  // go to CARRIER_CALLBACK_URL/v1/webhooks/carriers/{SIM_WHATSAPP_CONNECTION}.
  SIM_WHATSAPP_ACCESS_TOKEN: str({
    default: SANDBOX_WHATSAPP_CLOUD.accessToken,
    secret: true,
    description: "bearer token the fake WhatsApp Cloud API takes (a whatsapp-cloud connection's accessToken)",
  }),
  SIM_WHATSAPP_APP_SECRET: str({
    default: SANDBOX_WHATSAPP_CLOUD.appSecret,
    secret: true,
    description: "key of the X-Hub-Signature-256 HMAC on the fake's webhooks (a whatsapp-cloud connection's appSecret)",
  }),
  SIM_WHATSAPP_PHONE_NUMBER_ID: str({ default: SANDBOX_WHATSAPP_CLOUD.phoneNumberId, description: 'the only phone number id the fake WhatsApp Cloud API sends from (digits)' }),
  SIM_WHATSAPP_DISPLAY_NUMBER: str({ default: SANDBOX_WHATSAPP_CLOUD.displayNumber, description: "that number as its status webhooks' metadata.display_phone_number shows it (E.164)" }),
  SIM_WHATSAPP_BUSINESS_ACCOUNT_ID: str({ default: SANDBOX_WHATSAPP_CLOUD.businessAccountId, description: "the WhatsApp Business Account id its webhooks carry as entry[].id" }),
  SIM_WHATSAPP_CONNECTION: str({ default: SANDBOX_WHATSAPP_CLOUD.connectionName, description: 'name of the whatsapp-cloud connection the fake calls back as (the {carrier} of its webhook URL)' }),
};

// `url({ optional: true })` is typed as a plain string by ConfigOf; say here that it may be absent.
type Parsed = ConfigOf<typeof carrierSimulatorConfigSchema>;
type SmscKeys = 'SMSC_ENABLED' | 'SMSC_HOST' | 'SMSC_PORT' | 'SMSC_SYSTEM_ID' | 'SMSC_PASSWORD';
type WhatsAppCloudKeys = Extract<keyof Parsed, `SIM_WHATSAPP_${string}`>;
// The SMSC's and the WhatsApp Cloud API fake's settings may be left out by a composer that builds the
// config by hand (their defaults apply: smscSettingsOf, cloudApiSettingsOf).
export type CarrierSimulatorConfig = Omit<Parsed, 'CARRIER_CALLBACK_URL' | SmscKeys | WhatsAppCloudKeys> & Partial<Pick<Parsed, SmscKeys | WhatsAppCloudKeys>> & {
  /** Read at every receipt pass, so a composer may supply it once the gateway has bound its port. */
  readonly CARRIER_CALLBACK_URL?: string;
  /** Not from the environment: filled with the bound HTTP and SMTP URLs when the module starts. */
  readonly endpoints?: CarrierSimulatorEndpoints;
};
