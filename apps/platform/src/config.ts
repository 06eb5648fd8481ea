import { bool, loadConfig, type ConfigOf, type Env } from '@mp/config';
import { carrierSimulatorConfigSchema } from '@mp/carrier-simulator';
import { consentConfigSchema } from '@mp/consent';
import { gatewayConfigSchema } from '@mp/gateway';
import { identityConfigSchema } from '@mp/identity';
import { messagingConfigSchema } from '@mp/messaging';
import { providerCallbackConfigSchema } from '@mp/provider-callback';
import { repliesConfigSchema } from '@mp/replies';
import { routingConfigSchema } from '@mp/routing';
import { optionalCallTokenConfigSchema } from '@mp/grpc';
import { runtimeConfigSchema } from '@mp/service-host';
import { tenDlcConfigSchema } from '@mp/tendlc';
import { webhookDispatcherConfigSchema } from '@mp/webhook-dispatcher';

/** Every service's configuration, read once for the all-in-one process. */
export const platformConfigSchema = {
  ...runtimeConfigSchema,
  ...identityConfigSchema,
  ...messagingConfigSchema,
  ...repliesConfigSchema,
  ...consentConfigSchema,
  ...routingConfigSchema,
  ...webhookDispatcherConfigSchema,
  ...providerCallbackConfigSchema,
  ...tenDlcConfigSchema,
  ...carrierSimulatorConfigSchema,
  ...gatewayConfigSchema,
  // Generated at start when unset: one process holds every service.
  ...optionalCallTokenConfigSchema,
  // DECISIONS "Running": the all-in-one process runs in sandbox mode unless told otherwise.
  SANDBOX: bool({ default: true, description: 'sandbox mode: simulated carrier, sandbox clock and routes' }),
};

export type PlatformConfig = ConfigOf<typeof platformConfigSchema>;

/** Documented secrets the sandbox uses when none are configured (README "Configuration"). */
export const SANDBOX_CALLBACK_SECRETS = {
  CALLBACK_SECRET_SIM: 'sandbox-sim-secret',
  CALLBACK_SECRET_STRIPE: 'sandbox-stripe-secret',
  CALLBACK_SECRET_TCR: 'sandbox-tcr-secret',
} as const;

/** The only place the platform reads the environment. */
export function loadPlatformConfig(env: Env = process.env): PlatformConfig {
  const config = loadConfig(platformConfigSchema, env);
  if (!config.SANDBOX) return config;
  const withDefaults: Record<string, unknown> = { ...config };
  for (const [name, value] of Object.entries(SANDBOX_CALLBACK_SECRETS)) withDefaults[name] ??= value;
  return Object.freeze(withDefaults) as PlatformConfig;
}
