import type { Knex } from 'knex';

/** A deliver_sm as stored before it is answered. */
export interface NewSmppDelivery {
  connection: string;
  kind: 'receipt' | 'inbound' | 'unparseable';
  state: 'pending' | 'unparseable';
  content_hash: string;
  smsc_message_id: string | null;
  stat: string | null;
  err: string | null;
  /** The network_error_code TLV as `<type>:<code>`. */
  network_error: string | null;
  source_addr: string;
  source_ton: number;
  dest_addr: string;
  esm_class: number;
  data_coding: number;
  short_message: Buffer;
  concat_ref: number | null;
  concat_total: number | null;
  concat_seq: number | null;
  reason: string | null;
  received_at: Date;
}

// Parameters of a select list carry no type of their own: each is cast to its column's.
const COLUMN_TYPES: Readonly<Record<keyof NewSmppDelivery, string>> = {
  connection: 'text',
  kind: 'text',
  state: 'text',
  content_hash: 'text',
  smsc_message_id: 'text',
  stat: 'text',
  err: 'text',
  network_error: 'text',
  source_addr: 'text',
  source_ton: 'integer',
  dest_addr: 'text',
  esm_class: 'integer',
  data_coding: 'integer',
  short_message: 'bytea',
  concat_ref: 'integer',
  concat_total: 'integer',
  concat_seq: 'integer',
  reason: 'text',
  received_at: 'timestamptz',
};

export interface SmppDeliveryRow extends NewSmppDelivery {
  id: string;
  handled_at: Date | null;
}

/** Two deliveries count as the same deliver_sm by their connection and content. */
export const contentKeyOf = (row: Pick<NewSmppDelivery, 'connection' | 'content_hash'>) => `${row.connection}\n${row.content_hash}`;

/**
 * One statement: each row, unless the same content from the same connection
 * was stored within `resendWindowMs` before it (the SMSC resent what it had no
 * answer for); ids in the rows' order. Answers, row by row, whether it was
 * new. An identical message sent again after the window is a new one (a
 * recipient may well send "YES" twice). The rows must differ in content key
 * (the caller settles copies among themselves).
 */
export async function storeDeliveries(db: Knex, rows: readonly NewSmppDelivery[], resendWindowMs: number): Promise<boolean[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(COLUMN_TYPES) as Array<keyof NewSmppDelivery>;
  const tuple = `(${[...columns.map((c) => `?::${COLUMN_TYPES[c]}`), '?::timestamptz', '?::integer'].join(', ')})`;
  const result = await db.raw(
    `insert into smpp_deliveries (${columns.map((c) => `"${c}"`).join(', ')})
     select ${columns.map((c) => `v."${c}"`).join(', ')}
     from (values ${rows.map(() => tuple).join(', ')}) as v(${columns.map((c) => `"${c}"`).join(', ')}, since, ord)
     where not exists (select 1 from smpp_deliveries d where d.connection = v.connection and d.content_hash = v.content_hash and d.received_at > v.since)
     order by v.ord
     returning connection, content_hash`,
    rows.flatMap((row, ord) => [...columns.map((c) => row[c]), new Date(row.received_at.getTime() - resendWindowMs), ord]),
  );
  const stored = new Set((result.rows as Array<Pick<NewSmppDelivery, 'connection' | 'content_hash'>>).map(contentKeyOf));
  return rows.map((row) => stored.has(contentKeyOf(row)));
}

/** Marks deliveries handled, in the state they ended in. */
export async function markDeliveries(db: Knex, ids: readonly string[], state: 'applied' | 'expired' | 'undecodable', at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db('smpp_deliveries').whereIn('id', ids).update({ state, handled_at: at });
}

/** Pending inbound parts, oldest first. */
export async function pendingInbound(db: Knex, limit: number): Promise<SmppDeliveryRow[]> {
  return (await db('smpp_deliveries').where({ kind: 'inbound', state: 'pending' }).orderBy('id').limit(limit)) as SmppDeliveryRow[];
}
