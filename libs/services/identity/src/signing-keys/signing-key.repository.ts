import type { JWK } from 'jose';
import type { Knex } from 'knex';
import { readJson } from '../shared/json-column';

export const SIGNING_KEYS = 'signing_keys';

export interface SigningKeyRow {
  kid: string;
  alg: string;
  public_jwk: JWK;
  private_jwk: JWK;
  status: 'active' | 'retired';
  created_at: Date;
}

function fromRow(row: SigningKeyRow): SigningKeyRow {
  return { ...row, public_jwk: readJson<JWK>(row.public_jwk), private_jwk: readJson<JWK>(row.private_jwk) };
}

/** Newest active key: the one new tokens are signed with. */
export async function findSigningKey(db: Knex | Knex.Transaction): Promise<SigningKeyRow | undefined> {
  const row = await db<SigningKeyRow>(SIGNING_KEYS).where({ status: 'active' }).orderBy('created_at', 'desc').first();
  return row ? fromRow(row) : undefined;
}

/** Every key a token still in circulation may have been signed with. */
export async function listPublishedKeys(db: Knex): Promise<SigningKeyRow[]> {
  const rows = await db<SigningKeyRow>(SIGNING_KEYS).whereIn('status', ['active', 'retired']).orderBy('created_at', 'desc');
  return rows.map(fromRow);
}

export async function insertSigningKey(trx: Knex.Transaction, row: SigningKeyRow): Promise<void> {
  await trx(SIGNING_KEYS).insert({
    ...row,
    public_jwk: JSON.stringify(row.public_jwk),
    private_jwk: JSON.stringify(row.private_jwk),
  });
}

/**
 * Serialises first-start key creation across instances: the loser of the race
 * waits, then finds the winner's key instead of adding a second one.
 */
export async function lockSigningKeys(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`lock table ${SIGNING_KEYS} in share row exclusive mode`);
}
