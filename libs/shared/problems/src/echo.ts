/** The most of one client-sent value an error message repeats. */
export const MAX_ECHO_CHARS = 64;

/**
 * A client-sent value as an error message may repeat it: cut to a readable
 * length (never splitting a surrogate pair), so a message never carries
 * unbounded input back to the caller, into logs or onto the gRPC wire.
 */
export function echo(value: string, max = MAX_ECHO_CHARS): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value[max - 2] ?? '') ? max - 2 : max - 1;
  return `${value.slice(0, end)}…`;
}
