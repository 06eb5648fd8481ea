import { signBody } from './receipt-payload';

export const RECEIPT_TIMEOUT_MS = 5_000;

export type PostOutcome = { ok: true } | { ok: false; error: string };

/** The path receipts of the simulated carrier (`sim`) go to under the callback base URL. */
export const receiptsUrl = (callbackBaseUrl: string) => `${callbackBaseUrl.replace(/\/+$/, '')}/v1/webhooks/carriers/sim/receipts`;

/** One signed POST; only a 2xx within the timeout counts as delivered. */
export async function postReceipt(url: string, secret: string, body: Buffer): Promise<PostOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, body) },
      body,
      signal: AbortSignal.timeout(RECEIPT_TIMEOUT_MS),
    });
    // Drain the answer so the connection can be reused; its content does not matter.
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? { ok: true } : { ok: false, error: `HTTP ${response.status}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, error: [(error as Error).name, (error as Error).message, cause].filter(Boolean).join(': ') };
  }
}
