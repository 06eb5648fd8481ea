import { createHmac } from 'node:crypto';
import { describePostError, httpPost } from '@mp/service-host';

export const CALLBACK_TIMEOUT_MS = 5_000;

export type PostOutcome = { ok: true } | { ok: false; error: string };

/** The platform's carrier callback routes the simulated carrier (`sim`) posts to. */
export type CallbackRoute = 'receipts' | 'inbound';

/** Where the simulated carrier (`sim`) posts one kind of callback under the callback base URL. */
export const callbackUrl = (callbackBaseUrl: string, route: CallbackRoute) => `${callbackBaseUrl.replace(/\/+$/, '')}/v1/webhooks/carriers/sim/${route}`;

/** `X-Signature`: lowercase hex HMAC-SHA256 of exactly the bytes sent. */
export function signBody(secret: string, body: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** One POST of JSON `body` with `headers` (its signature), in the trace given; only a 2xx within the timeout counts as delivered. */
export async function postCallback(url: string, headers: Record<string, string>, body: Buffer, traceparent?: string): Promise<PostOutcome> {
  try {
    const answer = await httpPost(url, {
      headers: { 'content-type': 'application/json', ...headers, ...(traceparent ? { traceparent } : {}) },
      body,
      timeoutMs: CALLBACK_TIMEOUT_MS,
    });
    return answer.status >= 200 && answer.status < 300 ? { ok: true } : { ok: false, error: `HTTP ${answer.status}` };
  } catch (error) {
    return { ok: false, error: describePostError(error) };
  }
}
