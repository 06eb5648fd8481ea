import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createBrands } from './20251120000000_create_brands';
import { registerBrands } from './20261210000000_register_brands';

/** Applied in this order; never reorder or rename an entry once released. The event tables record the consumed registry events. */
export const tenDlcMigrations: Migration[] = [eventTablesMigration, createBrands, registerBrands];
