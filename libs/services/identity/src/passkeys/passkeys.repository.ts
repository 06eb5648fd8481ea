import type { Knex } from 'knex';
import { newId } from '../shared/ids';

export const PASSKEYS = 'passkeys';
export const WEBAUTHN_CHALLENGES = 'webauthn_challenges';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  sign_count: string | number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export type ChallengePurpose = 'registration' | 'login' | 'step_up';

export interface WebAuthnChallengeRow {
  id: string;
  user_id: string;
  purpose: ChallengePurpose;
  challenge: string;
  login_challenge_id: string | null;
  action: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export function passkeysOf(db: Knex, userId: string): Promise<PasskeyRow[]> {
  return db<PasskeyRow>(PASSKEYS).where({ user_id: userId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

export async function countPasskeys(db: Knex, userId: string): Promise<number> {
  const row = await db(PASSKEYS).where({ user_id: userId }).count<{ count: string | number }[]>('id as count');
  return Number(row[0]?.count ?? 0);
}

export function findPasskey(db: Knex, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return db<PasskeyRow>(PASSKEYS).where({ user_id: userId, id }).first();
}

export function findPasskeyByCredentialId(db: Knex, credentialId: string): Promise<PasskeyRow | undefined> {
  return db<PasskeyRow>(PASSKEYS).where({ credential_id: credentialId }).first();
}

export async function insertPasskey(
  trx: Knex.Transaction,
  passkey: { userId: string; credentialId: string; publicKey: Uint8Array; signCount: number; transports: string[]; name: string },
  now: Date,
): Promise<PasskeyRow> {
  const [row] = await trx<PasskeyRow>(PASSKEYS)
    .insert({
      id: newId(),
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: Buffer.from(passkey.publicKey),
      sign_count: passkey.signCount,
      transports: passkey.transports,
      name: passkey.name,
      created_at: now,
      last_used_at: null,
    })
    .returning('*');
  return row;
}

/**
 * Records a verified assertion: the new signature counter and the time of
 * use, only if nobody stored another counter in between (of two concurrent
 * uses of one assertion exactly one wins).
 */
export async function recordPasskeyUse(trx: Knex.Transaction, passkey: PasskeyRow, newCount: number, now: Date): Promise<boolean> {
  const rows = await trx(PASSKEYS)
    .where({ id: passkey.id, sign_count: passkey.sign_count })
    .update({ sign_count: newCount, last_used_at: now })
    .returning('id');
  return rows.length === 1;
}

export async function renamePasskey(trx: Knex.Transaction, id: string, name: string): Promise<PasskeyRow> {
  const [row] = await trx<PasskeyRow>(PASSKEYS).where({ id }).update({ name }).returning('*');
  return row;
}

export async function deletePasskey(trx: Knex.Transaction, id: string): Promise<void> {
  await trx(PASSKEYS).where({ id }).delete();
}

/** Part of turning MFA off: every passkey and open challenge of the user goes. */
export async function deletePasskeysOf(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx(WEBAUTHN_CHALLENGES).where({ user_id: userId }).delete();
  await trx(PASSKEYS).where({ user_id: userId }).delete();
}

export async function insertChallenge(
  trx: Knex.Transaction,
  challenge: { userId: string; purpose: ChallengePurpose; challenge: string; loginChallengeId?: string; action?: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  // Housekeeping: the user's spent challenges are of no further use.
  await trx(WEBAUTHN_CHALLENGES)
    .where({ user_id: challenge.userId })
    .andWhere((q) => q.whereNotNull('used_at').orWhere('expires_at', '<=', now))
    .delete();
  await trx(WEBAUTHN_CHALLENGES).insert({
    id: newId(),
    user_id: challenge.userId,
    purpose: challenge.purpose,
    challenge: challenge.challenge,
    login_challenge_id: challenge.loginChallengeId ?? null,
    action: challenge.action ?? null,
    expires_at: challenge.expiresAt,
    used_at: null,
    created_at: now,
  });
}

/** Locks the row: two requests answering one challenge are settled one after the other. */
export function findChallenge(trx: Knex.Transaction, challenge: string): Promise<WebAuthnChallengeRow | undefined> {
  return trx<WebAuthnChallengeRow>(WEBAUTHN_CHALLENGES).where({ challenge }).forUpdate().first();
}

/** Single use, settled by one conditional statement. */
export async function useChallenge(trx: Knex.Transaction, id: string, now: Date): Promise<boolean> {
  const rows = await trx(WEBAUTHN_CHALLENGES).where({ id }).whereNull('used_at').update({ used_at: now }).returning('id');
  return rows.length === 1;
}
