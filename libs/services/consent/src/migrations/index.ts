import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createOptOuts } from './20251120000000_create_opt_outs';
import { createConsentEntries } from './20261018000000_create_consent_entries';
import { createOptInRecords } from './20261018000001_create_opt_in_records';
import { uniqueOptInRecords } from './20261018000002_unique_opt_in_records';
import { entryChecksPerStatement } from './20261018000003_entry_checks_per_statement';
import { entryReplyReceivedAt } from './20261124000000_entry_reply_received_at';

/** Applied in this order; never reorder or rename an entry once released. */
export const consentMigrations: Migration[] = [
  eventTablesMigration,
  createOptOuts,
  createConsentEntries,
  createOptInRecords,
  uniqueOptInRecords,
  entryChecksPerStatement,
  entryReplyReceivedAt,
];
