import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';
import { createBrands } from './20251120000000_create_brands';

/** Applied in this order; never reorder or rename an entry once released. */
export const tenDlcMigrations: Migration[] = [eventTablesMigration, createBrands];
