/**
 * The paths carriers, Stripe and The Campaign Registry post their signed
 * callbacks to. They are read as raw bytes (the signature covers them), and
 * they are not customer traffic: a carrier posts a receipt for every message
 * from a few addresses, so a per-address customer limit would refuse receipts
 * exactly when sending is busiest. Deployed, the Ingress sends these paths to
 * provider-callback, which has no such limit; the gateway matches that.
 */
const PROVIDER_CALLBACK_PATHS = [/^\/v1\/webhooks\/carriers\/[^/]+(\/[^/]+)?\/?$/, /^\/v1\/webhooks\/(stripe|tcr)(\/connect)?\/?$/];

export function isProviderCallbackPath(path: string): boolean {
  return PROVIDER_CALLBACK_PATHS.some((pattern) => pattern.test(path));
}
