import type { Knex } from 'knex';
import { newId } from '../shared/ids';

export const EXTERNAL_IDENTITIES = 'external_identities';

export interface ExternalIdentityRow {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  linked_at: Date;
  /** Set when the user unlinked it; the row stays as the record of that. */
  unlinked_at: Date | null;
}

export async function findLinkedIdentity(db: Knex, provider: string, subject: string): Promise<ExternalIdentityRow | undefined> {
  return db<ExternalIdentityRow>(EXTERNAL_IDENTITIES).where({ provider, subject }).whereNull('unlinked_at').first();
}

/** True when the user has, or ever had, an identity of this provider (linked or unlinked). */
export async function hasAnyIdentityOf(db: Knex, userId: string, provider: string): Promise<boolean> {
  return (await db(EXTERNAL_IDENTITIES).where({ user_id: userId, provider }).first('id')) !== undefined;
}

/** The user's linked identities, oldest first; locked when read in a transaction that changes them. */
export async function linkedIdentitiesOf(db: Knex, userId: string, opts: { forUpdate?: boolean } = {}): Promise<ExternalIdentityRow[]> {
  const query = db<ExternalIdentityRow>(EXTERNAL_IDENTITIES).where({ user_id: userId }).whereNull('unlinked_at').orderBy([{ column: 'linked_at' }, { column: 'id' }]);
  return opts.forUpdate ? query.forUpdate() : query;
}

export async function insertIdentity(
  trx: Knex.Transaction,
  identity: { userId: string; provider: string; subject: string; email: string | null },
  now: Date,
): Promise<void> {
  await trx(EXTERNAL_IDENTITIES).insert({
    id: newId(),
    user_id: identity.userId,
    provider: identity.provider,
    subject: identity.subject,
    email: identity.email,
    linked_at: now,
    unlinked_at: null,
  });
}

export async function markUnlinked(trx: Knex.Transaction, id: string, now: Date): Promise<ExternalIdentityRow> {
  const [row] = await trx<ExternalIdentityRow>(EXTERNAL_IDENTITIES).where({ id }).whereNull('unlinked_at').update({ unlinked_at: now }).returning('*');
  return row;
}
