import type { Knex } from 'knex';

export interface AccountHoldRow {
  account_id: string;
  reason: string | null;
  operator: string | null;
  held_at: Date;
}

/** SQL the due scans add so a held account's messages are never picked (they wait as they are). */
export const NOT_HELD = `not exists (select 1 from account_sending_holds h where h.account_id = messages.account_id)`;

export async function findHold(q: Knex, accountId: string): Promise<AccountHoldRow | undefined> {
  return (await q<AccountHoldRow>('account_sending_holds').where({ account_id: accountId }).first()) as AccountHoldRow | undefined;
}

/** Holding a held account keeps the first hold's time and takes the new reason: the call is repeatable. */
export async function upsertHold(q: Knex, row: AccountHoldRow): Promise<AccountHoldRow> {
  const [stored] = await q<AccountHoldRow>('account_sending_holds')
    .insert(row)
    .onConflict('account_id')
    .merge(['reason', 'operator'])
    .returning('*');
  return stored as AccountHoldRow;
}

export async function deleteHold(q: Knex, accountId: string): Promise<boolean> {
  return (await q('account_sending_holds').where({ account_id: accountId }).delete()) > 0;
}

/** Messages of the account still to be sent. */
export async function countWaiting(q: Knex, accountId: string): Promise<number> {
  const row = await q('messages')
    .where({ account_id: accountId })
    .whereIn('status', ['queued', 'scheduled'])
    .count<{ n: string | number }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}
