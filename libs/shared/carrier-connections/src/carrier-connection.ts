import { inspect } from 'node:util';
import { REDACTED } from '@mp/config';

/** The channels a connection may carry (the contract's channel names). */
export const CHANNELS = ['Sms', 'WhatsApp', 'Email'] as const;
export type Channel = (typeof CHANNELS)[number];

export const PROTOCOLS = ['smpp', 'http', 'whatsapp-cloud', 'twilio'] as const;
export type CarrierProtocol = (typeof PROTOCOLS)[number];
export const LONG_MESSAGES = ['udh', 'sar', 'payload'] as const;
export const ID_FORMATS = ['as-is', 'hex-to-dec', 'dec-to-hex'] as const;

/** What every connection has, whatever its protocol (issue 28 point 1). */
interface ConnectionBase {
  /** Unique; the `{carrier}` of its callback routes. */
  readonly name: string;
  readonly channel: Channel;
  /** Sender numbers it sends from: E.164 numbers, prefixes ending in `*`, or `['*']`. */
  readonly numbers: readonly string[];
  /** Lower first, for failover between connections of one channel. */
  readonly priority: number;
  /** Transient answers in a row that open its circuit: its messages then go to the next connection at once (DEFAULT_CIRCUIT). */
  readonly circuitFailures?: number;
  /** How long an open circuit skips the connection before one trial submission (DEFAULT_CIRCUIT). */
  readonly circuitPauseSeconds?: number;
}

/** A connection's circuit unless it says otherwise: open after 5 transient answers in a row, a trial after 30 s. */
export const DEFAULT_CIRCUIT = { failures: 5, pauseSeconds: 30 } as const;

export interface SmppConnection extends ConnectionBase {
  readonly protocol: 'smpp';
  readonly channel: 'Sms';
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly systemId: string;
  /** Read at parse time from `password`, `passwordFile` or `passwordEnv`. */
  readonly password: string;
  readonly systemType: string;
  readonly binds: number;
  /** Segments per second for the whole connection (all its binds). */
  readonly throughputPerSecond: number;
  /** Outstanding requests per bind. */
  readonly window: number;
  readonly enquireLinkSeconds: number;
  readonly responseTimeoutSeconds: number;
  readonly longMessages: (typeof LONG_MESSAGES)[number];
  readonly idFormat: (typeof ID_FORMATS)[number];
  /** Unset: chosen per message by its sender (`sourceAddressing`). */
  readonly sourceTon?: number;
  readonly sourceNpi?: number;
  readonly destTon: number;
  readonly destNpi: number;
}

export interface HttpConnection extends ConnectionBase {
  readonly protocol: 'http';
  /** SMS only: WhatsApp goes through a whatsapp-cloud connection (issue 29 point 6). */
  readonly channel: 'Sms';
  /** Without a trailing slash. */
  readonly baseUrl: string;
  /** The Carrier API's SMS path (service-contracts "Carrier API"); not configurable. */
  readonly path: string;
  /** Sent as `Authorization: Bearer`; unset sends none (as CARRIER_API_KEY today). */
  readonly apiKey?: string;
  /** Key of the `X-Signature` HMAC on its receipts and inbound callbacks. */
  readonly callbackSecret: string;
  readonly timeoutSeconds: number;
}

/** Meta's WhatsApp Business Cloud API (issue 29 point 1; CARRIERS.md 2). */
export interface WhatsAppCloudConnection extends ConnectionBase {
  readonly protocol: 'whatsapp-cloud';
  readonly channel: 'WhatsApp';
  /** Without a trailing slash; default https://graph.facebook.com. */
  readonly baseUrl: string;
  /** The Graph API version of every path, e.g. `v23.0`. */
  readonly apiVersion: string;
  /** The business phone number's id: sends go to `{baseUrl}/{apiVersion}/{phoneNumberId}/messages`. */
  readonly phoneNumberId: string;
  /** A system user's token, sent as `Authorization: Bearer`. */
  readonly accessToken: string;
  /** Key of the `X-Hub-Signature-256` HMAC on Meta's webhooks. */
  readonly appSecret: string;
  /** What Meta's `hub.verify_token` must be in the subscription handshake. */
  readonly verifyToken: string;
  readonly timeoutSeconds: number;
}

/** Twilio's Programmable Messaging API (issue 29 point 3; CARRIERS.md 3). */
export interface TwilioConnection extends ConnectionBase {
  readonly protocol: 'twilio';
  readonly channel: 'Sms';
  /** Without a trailing slash; default https://api.twilio.com. */
  readonly baseUrl: string;
  /** `AC` and 32 hex digits. */
  readonly accountSid: string;
  /** The HTTP Basic password of sends and the key of `X-Twilio-Signature` on callbacks. */
  readonly authToken: string;
  /** The platform's address as Twilio reaches it (an ingress's, not the pod's), without a trailing slash. */
  readonly publicBaseUrl: string;
  /** `MG` and 32 hex digits: sends go through this Messaging Service instead of `From`. */
  readonly messagingServiceSid?: string;
  readonly timeoutSeconds: number;
}

export type CarrierConnection = SmppConnection | HttpConnection | WhatsAppCloudConnection | TwilioConnection;

export const SECRET_FIELDS = ['password', 'apiKey', 'callbackSecret', 'accessToken', 'appSecret', 'verifyToken', 'authToken'] as const;

/** The connection as it may be logged: its secrets masked. */
export function redactedConnection(connection: CarrierConnection): Record<string, unknown> {
  const out: Record<string, unknown> = { ...connection };
  for (const field of SECRET_FIELDS) if (out[field] !== undefined) out[field] = REDACTED;
  return out;
}

/**
 * Frozen, with JSON.stringify (and so pino) and util.inspect showing the
 * redacted form: a connection logged whole never prints its secrets. The two
 * hooks are not enumerable, so equality in tests sees only the fields.
 */
export function sealConnection<C extends CarrierConnection>(connection: C): C {
  Object.defineProperty(connection, 'toJSON', { value: () => redactedConnection(connection) });
  Object.defineProperty(connection, inspect.custom, { value: () => redactedConnection(connection) });
  Object.freeze(connection.numbers);
  return Object.freeze(connection);
}
