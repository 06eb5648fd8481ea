export const MAX_CLIENT_REFERENCE_LENGTH = 128;

export type ClientReferenceResult = { ok: true; value: string | null } | { ok: false; reason: string };

/**
 * Normalises the caller-supplied reference echoed back on message events:
 * surrounding whitespace is trimmed and a blank reference means "none" (null).
 * The limit counts Unicode code points so an emoji counts once, as a user
 * would count it.
 */
export function normalizeClientReference(value: string | null | undefined): ClientReferenceResult {
  if (value === null || value === undefined) return { ok: true, value: null };
  // Untyped callers (JSON bodies) can pass numbers or objects.
  if (typeof value !== 'string') return { ok: false, reason: 'clientReference must be a string' };

  const trimmed = value.trim();
  if (trimmed.length === 0) return { ok: true, value: null };

  const length = [...trimmed].length;
  if (length > MAX_CLIENT_REFERENCE_LENGTH) {
    return {
      ok: false,
      reason: `clientReference must be at most ${MAX_CLIENT_REFERENCE_LENGTH} characters (got ${length})`,
    };
  }
  return { ok: true, value: trimmed };
}
