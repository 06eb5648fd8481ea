import { DomainError } from '@mp/problems';

/** The longest id a carrier callback may carry (event ids, carrier message ids). */
export const MAX_ID_LENGTH = 200;
// A date-time with an explicit offset: a carrier's clock zone is never guessed.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A non-empty string of at most `max` characters. */
export const isRequiredText = (value: unknown, max = MAX_ID_LENGTH): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= max;

/** An ISO 8601 date-time with an offset, as a Date; undefined otherwise. */
export function isoDateTime(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * The field problems of one callback: INVALID_INPUT (a provider's malformed
 * callback, not a customer's request), each field named in `errors` and all
 * of them summed up in the detail.
 */
export class CallbackFieldErrors {
  private readonly errors: Record<string, string[]> = {};

  constructor(private readonly what: string) {}

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** How many problems were added so far. */
  get count(): number {
    return Object.values(this.errors).reduce((sum, messages) => sum + messages.length, 0);
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length === 0) return;
    throw new DomainError('INVALID_INPUT', `The ${this.what} is invalid: ${Object.values(this.errors).flat().join(' ')}`, { errors: this.errors });
  }
}
