export { routingService } from './routing.module';
export { routingConfigSchema, type RoutingConfig } from './routing.config';
export { routingMigrations } from './migrations';
