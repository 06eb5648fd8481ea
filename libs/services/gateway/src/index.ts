export * from './gateway-config';
export * from './start-gateway';
export type { GatewayDeps } from './app/gateway-deps';
