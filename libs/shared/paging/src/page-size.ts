import { addFieldError, type FieldErrors } from './field-errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

const PAGE_SIZE_RULE = `must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/**
 * A list's `pageSize`: a whole number from 1 to 200, 50 when left out
 * (undefined or an empty string). As text (a query string) it must be plain
 * digits. An invalid value names `pageSize` in errors and returns the default.
 */
export function parsePageSize(raw: string | number | undefined, errors: FieldErrors): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE_SIZE;
  const size = typeof raw === 'number' ? raw : /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE) return size;
  addFieldError(errors, 'pageSize', PAGE_SIZE_RULE);
  return DEFAULT_PAGE_SIZE;
}
