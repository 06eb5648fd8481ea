export { providerCallbackService, type ProviderCallbackHostConfig } from './provider-callback.module';
export { providerCallbackConfigSchema, type ProviderCallbackConfig } from './provider-callback.config';
export { callbackIngressConfigSchema, CALLBACK_INGRESS_PORT, type CallbackIngressConfig } from './callback-ingress/callback-ingress.config';
export { providerCallbackMigrations } from './migrations';
export { signCallback } from './signatures/callback-signature';
