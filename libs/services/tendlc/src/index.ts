export { tenDlcService } from './tendlc.module';
export { tenDlcConfigSchema, type TenDlcConfig } from './tendlc.config';
export { tenDlcMigrations } from './migrations';
export { tenDlcHandlers } from './brands/brands.handlers';
