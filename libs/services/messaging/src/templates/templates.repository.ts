import type { Knex } from 'knex';
import type { StoredReplyOption, TemplateRow } from './template.types';

/** Table access for templates; every function takes the executor (knex or a transaction), like message.repository. */

const TABLE = 'templates';

/** jsonb is written as JSON text: the pg driver would send a JS array as a Postgres array. */
export const replyOptionsJson = (options: StoredReplyOption[]): string | null => (options.length > 0 ? JSON.stringify(options) : null);

export interface TemplateKey {
  accountId: string;
  templateId: string;
}

/** Inserts the template unless the account already has one with that id; true when this call created it. */
export async function insertTemplateIfAbsent(q: Knex, row: TemplateRow): Promise<boolean> {
  const inserted = await q(TABLE)
    .insert({ ...row, reply_options: replyOptionsJson(row.reply_options ?? []) })
    .onConflict(['account_id', 'template_id'])
    .ignore()
    .returning('template_id');
  return inserted.length > 0;
}

export async function findTemplate(q: Knex, key: TemplateKey, options: { forUpdate?: boolean } = {}): Promise<TemplateRow | undefined> {
  const query = q<TemplateRow>(TABLE).where({ account_id: key.accountId, template_id: key.templateId });
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) as TemplateRow | undefined;
}

export async function updateTemplate(
  q: Knex,
  key: TemplateKey,
  changes: Pick<TemplateRow, 'name' | 'channel_type' | 'body_template' | 'whatsapp_template_name' | 'whatsapp_template_language' | 'updated_at'> & {
    reply_options: StoredReplyOption[];
  },
): Promise<TemplateRow> {
  const [row] = await q(TABLE)
    .where({ account_id: key.accountId, template_id: key.templateId })
    .update({ ...changes, reply_options: replyOptionsJson(changes.reply_options) })
    .returning('*');
  return row as TemplateRow;
}

/** A row with its keyset position at the database's precision (microseconds). */
export type PositionedTemplateRow = TemplateRow & { cursor_created_at: string };

/** Newest first on (created_at desc, template_id desc), after the cursor's position. */
export async function pageTemplates(
  q: Knex,
  query: { accountId: string; after?: { createdAt: string; templateId: string }; limit: number },
): Promise<PositionedTemplateRow[]> {
  const select = q(TABLE)
    .select('*')
    .select(q.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_created_at`))
    .where('account_id', query.accountId);
  if (query.after) {
    select.andWhereRaw('(created_at, template_id) < (?::timestamptz, ?::uuid)', [query.after.createdAt, query.after.templateId]);
  }
  return (await select
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'template_id', order: 'desc' },
    ])
    .limit(query.limit)) as PositionedTemplateRow[];
}
