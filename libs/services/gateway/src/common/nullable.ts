/** proto3 optional fields arrive as undefined; the public API answers null. */
export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
