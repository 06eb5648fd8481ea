import { optionalStr, url } from '@mp/config';

/** Sandbox defaults (documented in apps/tendlc/README.md), used only while SANDBOX is on and the variable is unset. */
export const SANDBOX_REGISTRY_DEFAULTS = {
  /** The gateway of `npm start` (PORT 8080); the all-in-one process passes its own gateway's address. */
  REGISTRY_CALLBACK_URL: 'http://localhost:8080',
  CALLBACK_SECRET_TCR: 'sandbox-tcr-secret',
} as const;

/** Environment the 10DLC service reads besides the host's. */
export const tenDlcConfigSchema = {
  REGISTRY_CALLBACK_URL: url({
    optional: true,
    protocols: ['http', 'https'],
    description: 'sandbox: base URL the simulated 10DLC registry posts its signed callbacks to (the gateway; default http://localhost:8080)',
  }),
  CALLBACK_SECRET_TCR: optionalStr({
    secret: true,
    description: 'HMAC key of the 10DLC registry (tcr) callbacks: the sandbox registry signs with it (default sandbox-tcr-secret)',
  }),
};

/** Both may be absent (ConfigOf types an optional url as a plain string): the module falls back to the sandbox defaults. */
export interface TenDlcConfig {
  /** Read at every pass, so a composer may supply it once the gateway has bound its port. */
  readonly REGISTRY_CALLBACK_URL?: string;
  readonly CALLBACK_SECRET_TCR?: string;
}
