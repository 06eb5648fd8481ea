import { DomainError } from '@mp/problems';

/** Field name -> messages, collected so one 400 VALIDATION_FAILED names every bad field at once. */
export type FieldErrors = Record<string, string[]>;

export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export const EMPTY_RANGE = 'empty date range: to must be later than from';

/** Throws VALIDATION_FAILED naming every field in errors; does nothing when there are none. */
export function throwIfInvalid(errors: FieldErrors): void {
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  const rangeOnly = fields.length === 1 && errors['to']?.length === 1 && errors['to'][0] === EMPTY_RANGE;
  throw DomainError.validation(errors, rangeOnly ? 'The date range is empty: to must be later than from.' : `Invalid ${fields.join(', ')}.`);
}
