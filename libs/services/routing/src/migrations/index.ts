import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createNumbersMigration } from './20251120000000_create_numbers';
import { createRoutingPolicies } from './20261125000000_create_routing_policies';
import { numberLifecycle } from './20261125000001_number_lifecycle';
import { createNumberPools } from './20261125000002_create_number_pools';

/**
 * Applied in this order; never reorder or rename an entry once released. The
 * event tables hold the processed ids of the identity-events consumer.
 */
export const routingMigrations: Migration[] = [eventTablesMigration, createNumbersMigration, createRoutingPolicies, numberLifecycle, createNumberPools];
