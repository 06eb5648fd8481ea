/**
 * PostgreSQL `unique_violation` (23505), on the named constraint or index
 * when the error tells which (pg does; an error without the name counts).
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (e.constraint === undefined || e.constraint === constraint);
}
