import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createMessagesMigration } from './001-messages';
import { createAccountSendingHoldsMigration } from './002-account-sending-holds';
import { createQuotaUsageMigration } from './003-quota-usage';
import { createMessageChargesMigration } from './005-message-charges-and-carrier-events';
import { createMessageListingIndexMigration } from './006-message-listing-index';
import { createMessageIdempotencyKeysMigration } from './007-message-idempotency-keys';

/** Applied in this order; never reorder or rename an entry once released. */
export const messagingMigrations: Migration[] = [
  eventTablesMigration,
  createMessagesMigration,
  createAccountSendingHoldsMigration,
  createQuotaUsageMigration,
  createMessageChargesMigration,
  createMessageListingIndexMigration,
  createMessageIdempotencyKeysMigration,
];
