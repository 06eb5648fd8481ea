/** A query string as an object whose repeated names hold arrays, so a handshake can refuse a repeated parameter. */
export function queryObject(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(query)) {
    const before = out[name];
    out[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return out;
}
