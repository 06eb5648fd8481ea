import { parseTimestamp } from '@mp/paging';

/**
 * `sendAt` and `expiresAt` (spec 2.1): the shared timestamp grammar, but in
 * UTC with an explicit Z only (`2026-01-31T09:00:00Z`, fractions kept to the
 * millisecond). Offsets, lowercase designators, missing seconds, date-only
 * forms and impossible dates such as February 30 are refused: undefined.
 */
export function parseUtcTimestamp(value: string): Date | undefined {
  return typeof value === 'string' && value.endsWith('Z') ? parseTimestamp(value) : undefined;
}
