import { optionalInt, str, url, type ConfigOf } from '@mp/config';

/** The documented port of the callback ingress (k8s base, docker-compose.yml), beside the gateway's 8080. */
export const CALLBACK_INGRESS_PORT = 8081;

/**
 * The callback ingress of a standalone provider-callback (issue 14 point 5).
 * Only apps/provider-callback composes this schema: in the all-in-one process
 * the gateway keeps serving the callback paths and no listener is opened.
 */
export const callbackIngressConfigSchema = {
  CALLBACK_HTTP_HOST: str({ default: '0.0.0.0', description: 'interface of the callback ingress' }),
  // Opt-in: unset, the app serves gRPC only (callbacks reach it through the gateway), as before this listener existed.
  CALLBACK_HTTP_PORT: optionalInt({ min: 0, max: 65535, description: 'port of the callback ingress (carrier, payment and registry callbacks over HTTP); 0 = any free port; unset = none' }),
  // The gateway's value, so a refusal here names the same problem type URI as through the gateway.
  PUBLIC_BASE_URL: url({ default: 'http://localhost:8080', protocols: ['http', 'https'], description: 'base of problem type URIs (the gateway’s public URL)' }),
};

export type CallbackIngressConfig = ConfigOf<typeof callbackIngressConfigSchema>;
