/** Postgres `unique_violation`: a concurrent insert won a race on a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}
