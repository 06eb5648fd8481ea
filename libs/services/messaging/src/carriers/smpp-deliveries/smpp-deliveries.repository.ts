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

/**
 * One statement: the row, unless the same content from the same connection
 * was stored within `resendWindowMs` (the SMSC resent what it had no answer
 * for). Answers whether it was new. An identical message sent again after the
 * window is a new one (a recipient may well send "YES" twice).
 */
export async function storeDelivery(db: Knex, row: NewSmppDelivery, resendWindowMs: number): Promise<boolean> {
  const columns = Object.keys(COLUMN_TYPES) as Array<keyof NewSmppDelivery>;
  const since = new Date(row.received_at.getTime() - resendWindowMs);
  const result = await db.raw(
    `insert into smpp_deliveries (${columns.map((c) => `"${c}"`).join(', ')})
     select ${columns.map((c) => `?::${COLUMN_TYPES[c]}`).join(', ')}
     where not exists (select 1 from smpp_deliveries where connection = ? and content_hash = ? and received_at > ?::timestamptz)
     returning id`,
    [...columns.map((c) => row[c]), row.connection, row.content_hash, since],
  );
  return (result.rows as unknown[]).length > 0;
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
