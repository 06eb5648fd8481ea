import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createMessagesMigration } from './20251121000001_create_messages';
import { createAccountSendingHoldsMigration } from './20251201000002_create_account_sending_holds';
import { createQuotaUsageMigration } from './20251201000003_create_quota_usage';
import { createMessageChargesMigration } from './20251201000005_message_charges';
import { createMessageListingIndexMigration } from './20251201000006_message_listing_index';
import { createMessageIdempotencyKeysMigration } from './20251201000007_create_message_idempotency_keys';
import { createTemplatesMigration } from './20251215000008_create_templates';
import { messageRoutesMigration } from './20261120000010_message_routes';
import { messageReplyOptionsMigration } from './20251215000009_message_reply_options';
import { earlyReceiptsMigration } from './20261124000011_early_receipts';
import { messageTraceparentMigration } from './20261124000012_message_traceparent';
import { standingChangesMigration } from './20261127000013_standing_changes';
import { smppDeliveriesMigration } from './20261128000014_smpp_deliveries';
import { smppBindLeasesMigration } from './20261128000015_smpp_bind_leases';
import { smppNetworkErrorsMigration } from './20261128000016_smpp_network_errors';
import { smppRetentionIndexesMigration } from './20261128000017_smpp_retention_indexes';
import { dispatchOrderIndexMigration } from './20261128000018_dispatch_order_index';
import { carrierIdReceiptsMigration } from './20261128000019_carrier_id_receipts';
import { whatsappTemplateLinksMigration } from './20261128000020_whatsapp_template_links';
import { messageQuotedInboundMigration } from './20261128000021_message_quoted_inbound';

/** Applied in this order; never reorder or rename an entry once released. */
export const messagingMigrations: Migration[] = [
  eventTablesMigration,
  createMessagesMigration,
  createAccountSendingHoldsMigration,
  createQuotaUsageMigration,
  createMessageChargesMigration,
  createMessageListingIndexMigration,
  createMessageIdempotencyKeysMigration,
  createTemplatesMigration,
  messageReplyOptionsMigration,
  messageRoutesMigration,
  earlyReceiptsMigration,
  messageTraceparentMigration,
  standingChangesMigration,
  smppDeliveriesMigration,
  smppBindLeasesMigration,
  smppNetworkErrorsMigration,
  smppRetentionIndexesMigration,
  dispatchOrderIndexMigration,
  carrierIdReceiptsMigration,
  whatsappTemplateLinksMigration,
  messageQuotedInboundMigration,
];
