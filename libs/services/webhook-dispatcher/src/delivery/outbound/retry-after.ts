/**
 * Seconds to wait from a `Retry-After` value (RFC 9110 10.2.3): delay-seconds
 * or an HTTP date, as a non-negative integer from `now`. Undefined when absent
 * or unreadable (the caller's own backoff applies then).
 */
export function retryAfterSeconds(value: string | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
  const at = Date.parse(text);
  // Date.parse also reads bare numbers and other loose forms; an HTTP date names a weekday or month.
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
