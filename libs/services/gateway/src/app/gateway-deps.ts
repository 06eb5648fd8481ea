import type { Clock } from '@mp/clock';
import type { ServiceClients, ServiceDegradation } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Request } from 'express';
import type { CredentialResolver } from '../auth/credential-resolver';
import type { GatewayConfig } from '../gateway-config';
import type { GatewayLifecycle } from './draining';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';

/** Everything controllers and middleware need, built once by the composition root. */
export interface GatewayDeps {
  config: GatewayConfig;
  clients: ServiceClients;
  clock: Clock;
  logger: Logger;
  rateLimits: RateLimitStore;
  credentials: CredentialResolver;
  /** Set by the composition root; absent where a test builds the app alone (never draining). */
  lifecycle?: GatewayLifecycle;
  /** What the services hosted in this process report degraded (the all-in-one process), named on /readyz. */
  degradations?: () => Promise<readonly ServiceDegradation[]>;
}

export function gatewayDepsOf(request: Request): GatewayDeps {
  return request.app.locals.gatewayDeps as GatewayDeps;
}
