import { bool, int, json, optionalStr, url } from '@mp/config';
import { carrierConnectionsConfigSchema } from '@mp/carrier-connections';
import { CHANNELS, DEFAULT_PRICE_TABLE, parsePriceTable, type PriceTable } from '../rules';
import { retiredMessagingVariables } from './retired-variables';

/**
 * A configured table replaces the default channel by channel: a table that
 * prices only Sms keeps the default WhatsApp and Email prices, so a partial
 * table can never make a send of another channel fail for want of a price.
 */
function priceTableFrom(value: unknown): PriceTable {
  // parsePriceTable takes text so it can report JSON errors itself; the field
  // has already parsed it, hence the round trip.
  const configured = parsePriceTable(JSON.stringify(value));
  const merged: PriceTable = {};
  for (const channel of CHANNELS) merged[channel] = configured[channel] ?? DEFAULT_PRICE_TABLE[channel];
  return merged;
}

/** Messaging's fragment of the environment; apps compose it with the host schema. */
export const messagingConfigSchema = {
  CARRIER_API_URL: url({
    optional: true,
    protocols: ['http', 'https'],
    description: 'carrier HTTP API for SMS (its /carrier/v1/messages) when no connection serves SMS; unset leaves SMS queued',
  }),
  CARRIER_SMTP_URL: url({
    optional: true,
    protocols: ['smtp', 'smtps'],
    description: 'SMTP server the Email channel sends through (the simulator in sandbox); unset leaves Email messages queued',
  }),
  CARRIER_API_KEY: optionalStr({ secret: true, description: 'bearer token for the carrier API' }),
  ...carrierConnectionsConfigSchema,
  ...retiredMessagingVariables,
  PRICE_TABLE: json(priceTableFrom, {
    default: DEFAULT_PRICE_TABLE,
    description: 'JSON unit prices per channel and E.164 prefix (rules/price-table)',
  }),
  DISPATCH_ENABLED: bool({ default: true, description: 'false keeps accepted messages queued' }),
  DISPATCH_MAX_ATTEMPTS: int({ default: 5, min: 1, max: 50, description: 'carrier tries before a message is dead-lettered' }),
  DISPATCH_MAX_DEFERRALS: int({
    default: 10,
    min: 0,
    max: 100,
    description: 'waits for a sender number or an unavailable dependency (backing off up to 5 min) before the message fails as an internal dispatch error',
  }),
};

/** Written out rather than derived: optional fields are typed `string` by the field helpers. */
export interface MessagingConfig {
  readonly CARRIER_API_URL?: string;
  readonly CARRIER_SMTP_URL?: string;
  readonly CARRIER_API_KEY?: string;
  readonly CARRIER_CONNECTIONS?: string;
  readonly CARRIER_CONNECTIONS_FILE?: string;
  readonly PRICE_TABLE: PriceTable;
  readonly DISPATCH_ENABLED: boolean;
  readonly DISPATCH_MAX_ATTEMPTS: number;
  readonly DISPATCH_MAX_DEFERRALS: number;
}
