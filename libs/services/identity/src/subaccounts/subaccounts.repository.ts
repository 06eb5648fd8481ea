import type { Knex } from 'knex';

export const SUBACCOUNTS = 'subaccounts';

export interface SubaccountRow {
  id: string;
  account_id: string;
  name: string;
  daily_quota: number | null;
  monthly_quota: number | null;
  status: 'active';
  created_at: Date;
  updated_at: Date;
}

export async function insertSubaccount(db: Knex, row: SubaccountRow): Promise<SubaccountRow> {
  const [created] = await db<SubaccountRow>(SUBACCOUNTS).insert(row).returning('*');
  return created as SubaccountRow;
}

/** Scoped by account: a subaccount of another account is simply not found. */
export async function findSubaccount(db: Knex, accountId: string, subaccountId: string): Promise<SubaccountRow | undefined> {
  return db<SubaccountRow>(SUBACCOUNTS).where({ id: subaccountId, account_id: accountId }).first();
}

export async function listSubaccounts(db: Knex, accountId: string, onlyId?: string): Promise<SubaccountRow[]> {
  const query = db<SubaccountRow>(SUBACCOUNTS).where({ account_id: accountId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
  if (onlyId) query.andWhere({ id: onlyId });
  return query;
}

export async function updateSubaccount(
  db: Knex,
  accountId: string,
  subaccountId: string,
  changes: Partial<Pick<SubaccountRow, 'name' | 'daily_quota' | 'monthly_quota'>>,
  now: Date,
): Promise<SubaccountRow | undefined> {
  const [row] = await db<SubaccountRow>(SUBACCOUNTS)
    .where({ id: subaccountId, account_id: accountId })
    .update({ ...changes, updated_at: now })
    .returning('*');
  return row as SubaccountRow | undefined;
}
