/** jsonb comes back parsed from `pg`; tolerate a string too rather than trust every driver. */
export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
