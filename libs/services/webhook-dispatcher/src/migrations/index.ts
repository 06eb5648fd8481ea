import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createWebhookEndpoints } from './20251120000000_create_webhook_endpoints';
import { createWebhookDeliveries } from './20261101000000_create_webhook_deliveries';

/** Applied in this order; never reorder or rename an entry once released. */
export const webhookDispatcherMigrations: Migration[] = [eventTablesMigration, createWebhookEndpoints, createWebhookDeliveries];
