/**
 * The headers carriers sign their callbacks with: an http connection's and the
 * sandbox carrier's `X-Signature`, Meta's `X-Hub-Signature-256`, Twilio's
 * `X-Twilio-Signature`. The gateway and provider-callback's ingress forward
 * these (HandleCarrierCallbackRequest.signatures) and nothing else of a
 * request's headers.
 */
export const CARRIER_SIGNATURE_HEADERS = ['x-signature', 'x-hub-signature-256', 'x-twilio-signature'] as const;
