import type { Migration } from '@mp/db';
import { createSimulatorTablesMigration } from './20251120000000_create_simulator_tables';
import { createInboundCallbacksMigration } from './20261123000000_create_inbound_callbacks';
import { receiptTraceparentMigration } from './20261124000000_receipt_traceparent';
import { smscSubmissionsMigration } from './20261127000000_smsc_submissions';

/**
 * In the order they run. No event tables: the simulator neither publishes
 * events nor consumes them (it talks HTTP and SMTP like a real carrier).
 */
export const carrierSimulatorMigrations: Migration[] = [createSimulatorTablesMigration, createInboundCallbacksMigration, receiptTraceparentMigration, smscSubmissionsMigration];
