import type { Clock } from '@mp/clock';
import type { ServiceClients } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { createServer, type Server } from 'node:http';
import { createGatewayApp } from './app/create-gateway-app';
import type { GatewayDeps } from './app/gateway-deps';
import { AccessTokenVerifier } from './auth/access-token-verifier';
import { CredentialResolver } from './auth/credential-resolver';
import type { GatewayConfig } from './gateway-config';
import { MemoryRateLimitStore } from './rate-limit/memory-rate-limit-store';
import { RedisRateLimitStore } from './rate-limit/redis-rate-limit-store';
import type { RateLimitStore } from './rate-limit/rate-limit-store';

export interface RunningGateway {
  readonly port: number;
  readonly url: string;
  readonly deps: GatewayDeps;
  stop(): Promise<void>;
}

/** The gateway's composition root: rate-limit store from config, token verifier, HTTP server. */
export async function startGateway(options: {
  config: GatewayConfig;
  clients: ServiceClients;
  clock: Clock;
  logger: Logger;
  host?: string;
}): Promise<RunningGateway> {
  const { config, clients, clock, logger } = options;
  const rateLimits: RateLimitStore = config.REDIS_URL ? new RedisRateLimitStore(config.REDIS_URL, config.RATE_LIMIT_KEY_PREFIX) : new MemoryRateLimitStore();
  const verifier = new AccessTokenVerifier(async () => JSON.parse((await clients.identity.getSigningKeys({})).jwksJson), clock);
  const deps: GatewayDeps = { config, clients, clock, logger, rateLimits, credentials: new CredentialResolver(verifier, clients) };
  const server: Server = createServer(createGatewayApp(deps));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.PORT, options.host ?? '0.0.0.0', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    deps,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rateLimits.close();
    },
  };
}
