import type { ProviderCallbackConfig } from '../provider-callback.config';

/** How a provider's callbacks are handled: carriers' receipts and inbound messages become events, the rest is stored for now. */
export interface CallbackProvider {
  name: string;
  secretVariable: keyof ProviderCallbackConfig;
  /** Carriers post `receipts` and `inbound`; the others post to their own path (`kind` empty or `connect`). */
  kinds: readonly string[];
  isCarrier: boolean;
}

const PROVIDERS: Readonly<Record<string, CallbackProvider>> = {
  sim: { name: 'sim', secretVariable: 'CALLBACK_SECRET_SIM', kinds: ['receipts', 'inbound'], isCarrier: true },
  stripe: { name: 'stripe', secretVariable: 'CALLBACK_SECRET_STRIPE', kinds: ['', 'connect'], isCarrier: false },
  tcr: { name: 'tcr', secretVariable: 'CALLBACK_SECRET_TCR', kinds: [''], isCarrier: false },
};

export function findProvider(name: string): CallbackProvider | undefined {
  // hasOwn: a provider named "constructor" must not find Object's prototype.
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
}
