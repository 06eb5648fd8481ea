import type { DomainError } from '@mp/problems';

/** The DomainError `fn` throws; fails the test when it throws nothing. */
export function thrownBy(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
}
