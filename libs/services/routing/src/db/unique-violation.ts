import { DomainError } from '@mp/problems';

/**
 * PostgreSQL `unique_violation` (23505), on the named constraint or index
 * when the error tells which (pg does; an error without the name counts).
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (e.constraint === undefined || e.constraint === constraint);
}

/**
 * A pool write that lost a race for a number to another pool's (the unique
 * member index, behind the checks made under the numbers' locks): CONFLICT,
 * never a 500.
 */
export async function asPoolConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'number_pool_members_number_uq')) {
      throw new DomainError('CONFLICT', 'A number named is already in another number pool; a number is in one pool at a time.');
    }
    throw error;
  }
}
