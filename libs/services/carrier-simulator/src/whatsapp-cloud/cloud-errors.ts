import { randomBytes } from 'node:crypto';

/** An error answer as the Graph API gives it: the HTTP status and `{ error: { message, type, code, ... } }`. */
export interface MetaErrorAnswer {
  status: number;
  body: { error: Record<string, unknown> };
}

/** Meta's trace id of an answer: opaque, 23 characters or so. */
const fbtraceId = () => randomBytes(17).toString('base64url');

/**
 * The errors the fake answers, each with the HTTP status and code Meta uses
 * (CARRIERS.md 2.2; the v23.0 document's `GraphAPIError`): logic on our side
 * goes on `code`, so the words only need to read like Meta's.
 */
export const metaErrors = {
  /** No token, or not ours (Meta: OAuthException 190). */
  invalidToken: (): MetaErrorAnswer =>
    answer(401, 190, 'OAuthException', 'Invalid OAuth access token - Cannot parse access token'),
  /** A phone number id that is not the fake's (Meta: 100 with subcode 33). */
  unknownPhoneNumberId: (id: string): MetaErrorAnswer =>
    answer(400, 100, 'GraphMethodException', `Unsupported post request. Object with ID '${id.slice(0, 64)}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, {
      error_subcode: 33,
    }),
  /** A body Meta cannot read: a missing or wrong parameter. */
  invalidParameter: (details: string): MetaErrorAnswer =>
    answer(400, 100, 'OAuthException', `(#100) ${details}`, { error_data: { messaging_product: 'whatsapp', details } }),
  /** The behaviour `failed`: Meta will not deliver to this recipient. */
  undeliverable: (): MetaErrorAnswer =>
    answer(400, 131026, 'OAuthException', '(#131026) Message undeliverable', {
      error_data: { messaging_product: 'whatsapp', details: 'Message Undeliverable.' },
    }),
  /** The behaviour `unavailable`: Meta's service is overloaded for now. */
  serviceUnavailable: (): MetaErrorAnswer => answer(503, 2, 'OAuthException', 'Service temporarily unavailable', { is_transient: true }),
  /** The behaviour `throttled`: the number's throughput is used up. */
  rateLimited: (): MetaErrorAnswer =>
    answer(429, 130429, 'OAuthException', '(#130429) Rate limit hit', {
      error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
      is_transient: true,
    }),
  /** Meta's own failure (what the fake answers when it fails inside). */
  internal: (): MetaErrorAnswer => answer(500, 131000, 'OAuthException', '(#131000) Something went wrong', { is_transient: true }),
};

function answer(status: number, code: number, type: string, message: string, extra: Record<string, unknown> = {}): MetaErrorAnswer {
  return { status, body: { error: { message, type, code, ...extra, fbtrace_id: fbtraceId() } } };
}

/** The error a status webhook's `failed` status carries (Meta's webhook `errors[]` item). */
export function webhookError(code: number) {
  const title = code === 131026 ? 'Message undeliverable' : 'Message failed to send';
  return {
    code,
    title,
    message: title,
    error_data: { details: code === 131026 ? 'Message Undeliverable.' : title },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  };
}
