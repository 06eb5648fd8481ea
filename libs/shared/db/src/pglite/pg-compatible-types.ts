// Production runs on node-postgres, so PGlite is configured to hand back the same JS types that
// `pg` does; otherwise code that passes its tests on the embedded backend breaks on the real one.
// The functions are defined here (not taken from PGlite) so that Dates and JSON values are created
// in the caller's JS realm even when PGlite itself was loaded outside Jest's sandbox.

const OID = {
  BOOL: 16,
  BYTEA: 17,
  INT8: 20,
  TEXT: 25,
  JSON: 114,
  BPCHAR: 1042,
  VARCHAR: 1043,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  JSONB: 3802,
} as const;

const isDate = (value: unknown): value is Date => Object.prototype.toString.call(value) === '[object Date]';

/** `pg` returns date-only values as local midnight (pg-types), PGlite as UTC midnight. */
function parseLocalDate(value: string): Date | string {
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value; // 'infinity', BC dates: left as text
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function parseTimestamp(value: string): Date | string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date; // 'infinity' stays text instead of Invalid Date
}

export const pgCompatibleParsers = {
  // `pg` returns int8 (count(*), bigserial ids) as strings because they can exceed 2^53.
  [OID.INT8]: (value: string) => value,
  [OID.DATE]: parseLocalDate,
  [OID.TIMESTAMP]: parseTimestamp,
  [OID.TIMESTAMPTZ]: parseTimestamp,
  [OID.JSON]: (value: string) => JSON.parse(value) as unknown,
  [OID.JSONB]: (value: string) => JSON.parse(value) as unknown,
};

/** `pg` stringifies anything bound to a text parameter; PGlite's default throws for non-strings. */
function serializeAsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isDate(value)) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** `pg` lets Postgres parse boolean literals ('true', 't', 1…); PGlite's default only accepts booleans. */
function serializeBoolean(value: unknown): string {
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

function serializeTimestamp(value: unknown): string {
  if (isDate(value)) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  return String(value);
}

function serializeBytea(value: unknown): string {
  if (!ArrayBuffer.isView(value)) return String(value);
  const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return `\\x${Buffer.from(bytes).toString('hex')}`;
}

export const pgCompatibleSerializers = {
  [OID.TEXT]: serializeAsText,
  [OID.VARCHAR]: serializeAsText,
  [OID.BPCHAR]: serializeAsText,
  [OID.BOOL]: serializeBoolean,
  [OID.DATE]: serializeTimestamp,
  [OID.TIMESTAMP]: serializeTimestamp,
  [OID.TIMESTAMPTZ]: serializeTimestamp,
  [OID.BYTEA]: serializeBytea,
};
