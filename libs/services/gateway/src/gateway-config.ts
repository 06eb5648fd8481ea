import { int, optionalStr, str, url } from '@mp/config';

export const gatewayConfigSchema = {
  PORT: int({ default: 8080, min: 0, max: 65535, description: 'gateway HTTP port' }),
  PUBLIC_BASE_URL: url({ default: 'http://localhost:8080', protocols: ['http', 'https'], description: 'base of problem type URIs and links' }),
  REDIS_URL: url({ optional: true, protocols: ['redis', 'rediss'], secret: true, description: 'rate limits in Redis; in memory when unset' }),
  RATE_LIMIT_PER_IP_PER_MINUTE: int({ default: 1200, min: 1 }),
  RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: int({ default: 600, min: 1 }),
  SIGN_IN_LIMIT_PER_IP_PER_MINUTE: int({ default: 60, min: 1, description: 'sign-in and code-route attempts per client address per minute' }),
  SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE: int({ default: 10, min: 1, description: 'sign-in and code-route attempts per account (email, token or user) per minute' }),
  RATE_LIMIT_STORE_TIMEOUT_MS: int({
    default: 100,
    min: 1,
    max: 1000,
    description: 'longest a request waits for Redis; past it (or while Redis is down) limits are counted per replica in memory',
  }),
  RATE_LIMIT_KEY_PREFIX: str({ default: 'mp:rl:', description: 'namespace of the counters in Redis: deployments sharing one Redis need their own' }),
  TRUST_PROXY: optionalStr({ description: "express 'trust proxy' setting, e.g. 'loopback' or a hop count" }),
  API_KEY_CACHE_TTL_SECONDS: int({
    default: 60,
    min: 0,
    max: 3600,
    description:
      'longest an API key principal is reused without asking identity; revocations evict it at once by event (0: no cache; never cached without an event transport)',
  }),
};

export interface GatewayConfig {
  PORT: number;
  PUBLIC_BASE_URL: string;
  REDIS_URL?: string;
  RATE_LIMIT_PER_IP_PER_MINUTE: number;
  RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: number;
  SIGN_IN_LIMIT_PER_IP_PER_MINUTE: number;
  SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE: number;
  RATE_LIMIT_KEY_PREFIX?: string;
  /** Default 100. */
  RATE_LIMIT_STORE_TIMEOUT_MS?: number;
  TRUST_PROXY?: string;
  /** Default 60; 0 turns the API-key principal cache off. */
  API_KEY_CACHE_TTL_SECONDS?: number;
  SANDBOX: boolean;
}
