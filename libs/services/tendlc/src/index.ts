export { tenDlcService } from './tendlc.module';
export { tenDlcConfigSchema, SANDBOX_REGISTRY_DEFAULTS, type TenDlcConfig } from './tendlc.config';
export { tenDlcMigrations } from './migrations';
export { tenDlcHandlers } from './brands/brands.handlers';
