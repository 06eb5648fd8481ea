import { REDACTED, redactSecretText } from '@mp/config';

/**
 * Field names whose value is a secret whatever it holds: credentials in
 * headers (`authorization`, `x-api-key`, cookies), passwords, tokens,
 * signing secrets and keys (`CALLBACK_SECRET_SIM`). `tokenId` or `secretId`
 * name a secret without holding it and stay.
 */
const SECRET_NAME = /^(?:(?:proxy-)?authorization|cookie|set-cookie|x-api-key|api[-_]?key|.*pass(?:word|wd|phrase)?|(?!.*id$).*secret.*|.*token|.*(?:private|signing)[-_]?key|credentials?)$/i;

/** Deep enough for an error's cause chain and a request's headers; deeper is cut, never walked. */
const MAX_DEPTH = 8;

/**
 * What a log line may carry of `fields`: JSON-safe (a BigInt as its decimal
 * text, a cycle as "[Circular]", bytes as their count), errors in full
 * (`code`, `cause` chain, an AggregateError's inner errors), and no secret:
 * secret-named fields are `[REDACTED]`, and strings lose the secrets they
 * carry (a URL's password, a bearer token, an API key).
 */
export function logFields(fields: Record<string, unknown>): Record<string, unknown> {
  return walkObject(fields, new Set(), 0);
}

export function logText(text: string): string {
  return redactSecretText(text);
}

function walk(name: string, value: unknown, ancestors: Set<object>, depth: number): unknown {
  if (value === null || value === undefined) return value;
  if (SECRET_NAME.test(name)) return REDACTED;
  switch (typeof value) {
    case 'string':
      return redactSecretText(value);
    case 'bigint':
      return value.toString();
    case 'symbol':
      return value.toString();
    case 'function':
      return undefined;
    case 'object':
      break;
    default:
      return value;
  }
  if (ancestors.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Object]';
  if (value instanceof Error) return walkError(value, ancestors, depth);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  ancestors.add(value);
  try {
    if (Array.isArray(value) || value instanceof Set) return [...value].map((item) => walk('', item, ancestors, depth + 1));
    if (value instanceof Map) return walkObject(Object.fromEntries(value), ancestors, depth);
    const json = (value as { toJSON?: unknown }).toJSON;
    if (typeof json === 'function') return walk(name, json.call(value), ancestors, depth + 1);
    return walkObject(value as Record<string, unknown>, ancestors, depth);
  } finally {
    ancestors.delete(value);
  }
}

function walkObject(value: Record<string, unknown>, ancestors: Set<object>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = walk(key, item, ancestors, depth + 1);
  return out;
}

/**
 * An error as an operator needs it: its type and message, its own fields
 * (`code`, `errno`, `syscall`, `address`, `port`, a driver's `detail` or
 * `constraint`), its stack, then what caused it and, for an AggregateError
 * (a refused connection tried on IPv6 and IPv4), each inner error. An
 * AggregateError's empty message is made of its inner errors' messages.
 */
function walkError(error: Error, ancestors: Set<object>, depth: number): Record<string, unknown> {
  ancestors.add(error);
  try {
    const inner = error instanceof AggregateError && Array.isArray(error.errors) ? (error.errors as unknown[]) : undefined;
    const message = error.message || (inner ?? []).map((e) => (e instanceof Error ? e.message : String(e))).join('; ');
    const out: Record<string, unknown> = { type: error.name, message: redactSecretText(message) };
    const code = (error as { code?: unknown }).code;
    if (code !== undefined) out.code = walk('code', code, ancestors, depth + 1);
    for (const [key, item] of Object.entries(error)) if (!(key in out)) out[key] = walk(key, item, ancestors, depth + 1);
    if (error.stack) out.stack = redactSecretText(error.stack);
    if (error.cause !== undefined) out.cause = walk('cause', error.cause, ancestors, depth + 1);
    if (inner) out.errors = inner.map((e) => walk('', e, ancestors, depth + 1));
    return out;
  } finally {
    ancestors.delete(error);
  }
}
