import type { ProviderCallbackConfig } from '../provider-callback.config';

type SecretVariable = keyof ProviderCallbackConfig;

/** How a provider's callbacks are handled: carriers' receipts and inbound messages become events, the rest is stored (and some announced). */
export interface CallbackProvider {
  name: string;
  /** The variable holding the HMAC key of each kind, in order of preference (the first one set is used). */
  secretVariables: Readonly<Record<string, readonly SecretVariable[]>>;
  /** Carriers post `receipts` and `inbound`; the others post to their own path (`kind` empty or `connect`). */
  kinds: readonly string[];
  isCarrier: boolean;
}

const PROVIDERS: Readonly<Record<string, CallbackProvider>> = {
  sim: { name: 'sim', secretVariables: { receipts: ['CALLBACK_SECRET_SIM'], inbound: ['CALLBACK_SECRET_SIM'] }, kinds: ['receipts', 'inbound'], isCarrier: true },
  // Stripe signs a Connect endpoint with that endpoint's own secret; until one is configured the platform endpoint's is used.
  stripe: { name: 'stripe', secretVariables: { '': ['CALLBACK_SECRET_STRIPE'], connect: ['CALLBACK_SECRET_STRIPE_CONNECT', 'CALLBACK_SECRET_STRIPE'] }, kinds: ['', 'connect'], isCarrier: false },
  tcr: { name: 'tcr', secretVariables: { '': ['CALLBACK_SECRET_TCR'] }, kinds: [''], isCarrier: false },
};

export function findProvider(name: string): CallbackProvider | undefined {
  // hasOwn: a provider named "constructor" must not find Object's prototype.
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
}

/**
 * The secret a provider's callbacks of `kind` are verified with; undefined
 * when none is configured. A kind the provider does not post is verified with
 * its first kind's secret, so an unknown kind is refused only after the
 * signature check (401 for an unsigned probe, 404 for a signed one).
 */
export function secretFor(provider: CallbackProvider, kind: string, config: ProviderCallbackConfig): string | undefined {
  const variables = Object.hasOwn(provider.secretVariables, kind) ? provider.secretVariables[kind] : provider.secretVariables[provider.kinds[0]];
  for (const variable of variables) {
    const secret = config[variable];
    if (secret) return secret;
  }
  return undefined;
}
