import { randomUUID } from 'node:crypto';

// Ids arrive from callers as plain strings; checking the shape first (isUuid)
// keeps a malformed id from reaching a uuid column, where Postgres would raise
// an error (a 500) instead of the NOT_FOUND the caller deserves.
export { isUuid } from '@mp/grpc';

export const newId = (): string => randomUUID();
