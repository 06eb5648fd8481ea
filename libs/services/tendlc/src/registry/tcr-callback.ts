import { createHmac, randomInt } from 'node:crypto';

/** TCR's event type for a brand's identity status. */
export const BRAND_IDENTITY_STATUS_UPDATE = 'BRAND_IDENTITY_STATUS_UPDATE';

/**
 * The body of a registry (tcr) callback about a brand, shaped like TCR's
 * webhook events (`eventType`, `brandId`, `brandIdentityStatus`, `mock`),
 * plus the `eventId` the platform deduplicates on and the event's time:
 *
 * `{ eventId, eventType: "BRAND_IDENTITY_STATUS_UPDATE", occurredAt, brandId,
 *    brandReferenceId, brandName, brandIdentityStatus, description, mock }`
 */
export interface TcrBrandStatusEvent {
  eventId: string;
  eventType: typeof BRAND_IDENTITY_STATUS_UPDATE;
  occurredAt: string;
  /** The registry's id of the brand. */
  brandId: string;
  /** The reference the platform submitted the brand under: its brand id. */
  brandReferenceId: string;
  brandName: string;
  brandIdentityStatus: string;
  description: string;
  mock: boolean;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A registry brand id as TCR writes them: `B` and six letters or digits. */
export function newRegistryBrandId(): string {
  let id = 'B';
  for (let i = 0; i < 6; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** `X-Signature`: lowercase hex HMAC-SHA256 of exactly the bytes sent (DECISIONS "Callbacks"). */
export function signRegistryCallback(secret: string, body: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Where the registry posts under the platform's callback base URL. */
export const registryCallbackUrl = (base: string) => `${base.replace(/\/+$/, '')}/v1/webhooks/tcr`;
