import type { Clock } from '@mp/clock';
import type { EventTransport } from '@mp/events';
import { listenHttp, type ServiceClients, type ServiceDegradation } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { createServer, type Server } from 'node:http';
import { createGatewayApp } from './app/create-gateway-app';
import { GatewayLifecycle } from './app/draining';
import type { GatewayDeps } from './app/gateway-deps';
import { listenForAccessChanges, type AccessChangeListener } from './auth/access-change-listener';
import { AccessTokenVerifier } from './auth/access-token-verifier';
import { ApiKeyPrincipalCache } from './auth/api-key-principal-cache';
import { CredentialResolver } from './auth/credential-resolver';
import { withLocalAccessEviction } from './auth/local-access-eviction';
import type { GatewayConfig } from './gateway-config';
import { openRateLimitStore } from './rate-limit/open-rate-limit-store';

export interface RunningGateway {
  readonly port: number;
  readonly url: string;
  readonly deps: GatewayDeps;
  /** The API-key principal cache and its invalidation feed, when the gateway caches (an event transport was given). */
  readonly accessCache?: { cache: ApiKeyPrincipalCache; listener: AccessChangeListener };
  stop(): Promise<void>;
}

const DEFAULT_API_KEY_CACHE_TTL_SECONDS = 60;
/** How long a stop waits for requests in flight before cutting them: well inside SHUTDOWN_GRACE_MS (25 s). */
const DEFAULT_DRAIN_MS = 10_000;

/**
 * The gateway's composition root: rate-limit store from config, token
 * verifier, API-key principal cache, HTTP server. The cache exists only with
 * `events` (the transport identity.events arrive on): without invalidation by
 * event every key is asked of identity at every request.
 */
export async function startGateway(options: {
  config: GatewayConfig;
  clients: ServiceClients;
  clock: Clock;
  logger: Logger;
  host?: string;
  /** Where AccessChanged arrives; the caller owns (and closes) it. */
  events?: EventTransport;
  /** How long `stop()` lets requests in flight finish before it closes their connections. */
  drainMs?: number;
  /** The all-in-one process's hosted services' degradations: its /readyz names them, as a standalone service's does. */
  degradations?: () => Promise<readonly ServiceDegradation[]>;
}): Promise<RunningGateway> {
  const { config, clock, logger } = options;
  const rateLimits = await openRateLimitStore(config, logger);
  const ttlSeconds = config.API_KEY_CACHE_TTL_SECONDS ?? DEFAULT_API_KEY_CACHE_TTL_SECONDS;
  // Dark (serving nothing) until its listener below subscribes.
  const cache = options.events && ttlSeconds > 0 ? new ApiKeyPrincipalCache({ ttlMs: ttlSeconds * 1000 }) : undefined;
  if (!cache) logger.info('API-key principals are not cached', { reason: options.events ? 'API_KEY_CACHE_TTL_SECONDS=0' : 'no event transport' });
  const clients = cache ? withLocalAccessEviction(options.clients, cache) : options.clients;
  const verifier = new AccessTokenVerifier(async () => JSON.parse((await clients.identity.getSigningKeys({})).jwksJson), clock);
  const credentials = new CredentialResolver(verifier, clients, cache && { cache, clock });
  const lifecycle = new GatewayLifecycle();
  const deps: GatewayDeps = { config, clients, clock, logger, rateLimits, credentials, lifecycle, degradations: options.degradations };
  const server: Server = createServer(createGatewayApp(deps));
  server.keepAliveTimeout = 65_000;
  const port = await listenHttp(server, config.PORT, options.host ?? '0.0.0.0');
  const accessCache = cache && options.events ? { cache, listener: listenForAccessChanges({ transport: options.events, cache, logger }) } : undefined;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    deps,
    accessCache,
    // A rollout: no new connections, readiness 503, requests in flight answered (each closing its
    // connection), idle keep-alive connections closed as they free up; cut only after drainMs.
    stop: async () => {
      lifecycle.drain();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const cut = setTimeout(() => server.closeAllConnections(), options.drainMs ?? DEFAULT_DRAIN_MS);
      await closed;
      clearInterval(sweep);
      clearTimeout(cut);
      await accessCache?.listener.stop();
      await rateLimits.close();
    },
  };
}
