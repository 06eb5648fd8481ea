// Spec 8 "Limits": CSV import and export of consent.

/** Data rows an import file may hold (the header and blank lines not counted). */
export const MAX_IMPORT_ROWS = 10_000;
/** Bytes an import file may have: 5 MB. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Rows an export writes at most; past them the answer carries `X-Truncated: true`. */
export const MAX_EXPORT_ROWS = 10_000;
