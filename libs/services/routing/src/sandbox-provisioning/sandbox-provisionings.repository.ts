import type { Knex } from 'knex';

/** Which accounts got their sandbox senders, so activation provisions once per account. */

/** Claims the account; false when it was provisioned before (a repeated or second activation). */
export async function claimSandboxProvisioning(db: Knex, accountId: string, now: Date): Promise<boolean> {
  const inserted = await db('sandbox_provisionings')
    .insert({ account_id: accountId, provisioned_at: now })
    .onConflict('account_id')
    .ignore()
    .returning('account_id');
  return inserted.length > 0;
}

/** Next value of the sandbox number sequence: unique across accounts without any locking. */
export async function nextSandboxNumberSequence(db: Knex): Promise<number> {
  const result = await db.raw<{ rows: Array<{ n: string | number }> }>("select nextval('sandbox_number_seq') as n");
  return Number(result.rows[0].n);
}
