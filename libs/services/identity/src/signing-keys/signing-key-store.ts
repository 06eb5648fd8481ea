import type { Clock } from '@mp/clock';
import { exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike } from 'jose';
import type { Knex } from 'knex';
import { newId } from '../shared/ids';
import { findSigningKey, insertSigningKey, listPublishedKeys, lockSigningKeys, type SigningKeyRow } from './signing-key.repository';

export const ACCESS_TOKEN_ALG = 'EdDSA';

export interface ActiveSigningKey {
  kid: string;
  privateKey: KeyLike | Uint8Array;
}

/** A public JWK as published: no private part, with `kid`, `alg` and `use`. */
export function publicJwkOf(row: Pick<SigningKeyRow, 'kid' | 'alg' | 'public_jwk'>): JWK {
  const { kty, crv, x } = row.public_jwk;
  return { kty, crv, x, kid: row.kid, alg: row.alg, use: 'sig' };
}

/**
 * The Ed25519 key pair access tokens are signed with. Created on first use and
 * kept in identity's own table, so every instance (and a restart) signs with
 * the same key and the gateway's cached JWKS stays valid.
 */
export class SigningKeyStore {
  private active?: Promise<ActiveSigningKey>;

  constructor(
    private readonly db: Knex,
    private readonly clock: Clock,
  ) {}

  current(): Promise<ActiveSigningKey> {
    this.active ??= this.loadOrCreate().catch((error: unknown) => {
      this.active = undefined; // try again on the next call instead of caching a failure
      throw error;
    });
    return this.active;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    await this.current(); // make sure a key exists before publishing the set
    const rows = await listPublishedKeys(this.db);
    return { keys: rows.map(publicJwkOf) };
  }

  private async loadOrCreate(): Promise<ActiveSigningKey> {
    const row =
      (await findSigningKey(this.db)) ??
      (await this.db.transaction(async (trx) => {
        await lockSigningKeys(trx);
        const existing = await findSigningKey(trx);
        if (existing) return existing;
        const created = await newKeyRow(this.clock.now());
        await insertSigningKey(trx, created);
        return created;
      }));
    return { kid: row.kid, privateKey: await importJWK(row.private_jwk, row.alg) };
  }
}

async function newKeyRow(now: Date): Promise<SigningKeyRow> {
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALG, { crv: 'Ed25519', extractable: true });
  return {
    kid: newId(),
    alg: ACCESS_TOKEN_ALG,
    public_jwk: await exportJWK(publicKey),
    private_jwk: await exportJWK(privateKey),
    status: 'active',
    created_at: now,
  };
}
