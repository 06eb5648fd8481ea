import type { Migration } from '@mp/db';
import { createSimulatorTablesMigration } from './001-create-simulator-tables.migration';

/**
 * In the order they run. No event tables: the simulator neither publishes
 * events nor consumes them (it talks HTTP and SMTP like a real carrier).
 */
export const carrierSimulatorMigrations: Migration[] = [createSimulatorTablesMigration];
