import { randomUUID } from 'node:crypto';

// Ids arrive from callers as plain strings; checking the shape first keeps a
// malformed id from reaching a uuid column, where Postgres would raise an
// error (a 500) instead of the NOT_FOUND the caller deserves.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export const newId = (): string => randomUUID();
