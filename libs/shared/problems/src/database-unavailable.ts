/**
 * Whether an error means the database cannot be reached or is going away (a
 * restart, a failover, a network cut), rather than that the statement was
 * wrong: such a request may succeed if tried again shortly, so callers answer
 * "unavailable, retry" instead of an internal error.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, name, message, cause } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception); 57P01-57P03: the server is shutting down or starting up; 53300: no connection slot.
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
  }
  // knex: no pooled connection came within acquireConnectionTimeout (every one of them failing to connect).
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // A refused connection to a host with several addresses, and errors wrapped by their caller.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * What node-postgres says (with no code) when a connection dies under it or never comes; knex puts
 * the statement before it (`select 1 - Connection terminated unexpectedly`), so matched at the end.
 */
const PG_CONNECTION_MESSAGES = [
  /(^|- )Connection terminated( unexpectedly| due to connection timeout)?$/,
  /(^|- )Client has encountered a connection error and is not queryable$/,
  /(^|- )Client was closed and is not queryable$/,
  /(^|- )timeout expired$/,
  /(^|- )Query read timeout$/,
];
