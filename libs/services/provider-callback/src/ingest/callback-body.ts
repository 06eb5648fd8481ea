import { DomainError } from '@mp/problems';

/** Parses a callback body as a JSON object; anything else is INVALID_INPUT. */
export function parseJsonObject(rawBody: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new DomainError('INVALID_INPUT', 'The callback body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DomainError('INVALID_INPUT', 'The callback body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
