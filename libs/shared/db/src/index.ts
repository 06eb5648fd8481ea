export type { DatabaseConfig, DatabaseProvider } from './database-provider';
export { DEFAULT_POOL_MAX } from './database-provider';
export { createDatabaseProvider } from './create-database-provider';
export { migrateLatest, migrateDown, type Migration } from './migrations';
export type { Listening, NotificationHandlers } from './notification-listener';
export { preparedRaw } from './prepared-statement';
export { GroupCommit } from './group-commit';
