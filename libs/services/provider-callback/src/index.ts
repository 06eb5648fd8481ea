export { providerCallbackService } from './provider-callback.module';
export { providerCallbackConfigSchema, type ProviderCallbackConfig } from './provider-callback.config';
export { providerCallbackMigrations } from './migrations';
export { signCallback } from './signatures/callback-signature';
