// Schema names end up in `SET search_path` and `CREATE SCHEMA`, which cannot take bind
// parameters, so they are restricted to plain lower-case identifiers instead of being escaped.
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": expected ${SCHEMA_NAME.source}`);
  }
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Postgres error codes raised when two sessions race to create the same schema. */
export function isAlreadyExistsError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '42P06' || code === '23505';
}
