export * from './gateway-config';
export * from './start-gateway';
export type { GatewayDeps } from './app/gateway-deps';
// A gateway replica's rate-limit store and the key it counts a credential under (the Redis outage suite plays a second replica).
export { openRateLimitStore } from './rate-limit/open-rate-limit-store';
export { credentialKey } from './app/rate-limit.middleware';
// The signed provider-callback paths (the contract proxy of the API suites sends them around Stoplight Prism).
export { isProviderCallbackPath } from './app/provider-callback-paths';
