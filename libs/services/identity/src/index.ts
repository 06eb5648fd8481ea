export { identityService, type IdentityModule, type IdentityParts } from './identity.module';
export { identityConfigSchema, type IdentityConfig } from './identity-config';
export { createIdentityHandlers, type IdentityHandlers } from './identity.handlers';
export { identityMigrations } from './migrations';
export { checkPassword, hashPassword } from './passwords/password-hasher';
