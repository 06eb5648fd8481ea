import type { Knex } from 'knex';
import { newId } from '../shared/ids';

export const SESSIONS = 'sessions';
export const REFRESH_TOKENS = 'refresh_tokens';

/** A session is one refresh-token family: one sign-in and every rotation after it. */
export interface SessionRow {
  id: string;
  user_id: string;
  account_id: string;
  created_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  /** Started by the MFA sign-in step. */
  mfa_passed: boolean;
}

export interface RefreshTokenLookup {
  id: string;
  session_id: string;
  user_id: string;
  account_id: string;
  expires_at: Date;
  used_at: Date | null;
  session_revoked_at: Date | null;
  session_mfa_passed: boolean;
}

export async function insertSession(
  trx: Knex.Transaction,
  session: { userId: string; accountId: string; mfaPassed?: boolean },
  now: Date,
): Promise<string> {
  const id = newId();
  await trx(SESSIONS).insert({ id, user_id: session.userId, account_id: session.accountId, mfa_passed: session.mfaPassed ?? false, created_at: now });
  return id;
}

export async function insertRefreshToken(
  trx: Knex.Transaction,
  token: { sessionId: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await trx(REFRESH_TOKENS).insert({
    id: newId(),
    session_id: token.sessionId,
    token_hash: token.tokenHash,
    expires_at: token.expiresAt,
    created_at: now,
  });
}

export async function findRefreshToken(db: Knex, tokenHash: string): Promise<RefreshTokenLookup | undefined> {
  return db(`${REFRESH_TOKENS} as t`)
    .join(`${SESSIONS} as s`, 's.id', 't.session_id')
    .where('t.token_hash', tokenHash)
    .first('t.id', 't.session_id', 's.user_id', 's.account_id', 't.expires_at', 't.used_at', 's.revoked_at as session_revoked_at', 's.mfa_passed as session_mfa_passed');
}

/**
 * Marks the token used only if nobody did so first and its family is alive.
 * One statement, so of two concurrent refreshes with the same token exactly
 * one gets a row back; the other is treated as a replay.
 */
export async function consumeRefreshToken(trx: Knex.Transaction, tokenId: string, now: Date): Promise<boolean> {
  const rows = await trx(REFRESH_TOKENS)
    .where({ id: tokenId })
    .whereNull('used_at')
    .whereNotExists(function liveSession() {
      this.select(1).from(SESSIONS).whereRaw(`${SESSIONS}.id = ${REFRESH_TOKENS}.session_id`).whereNotNull(`${SESSIONS}.revoked_at`);
    })
    .update({ used_at: now })
    .returning('id');
  return rows.length === 1;
}

/** Ends a family: every refresh token of it and every access token naming it stop working. */
export async function revokeSession(db: Knex, sessionId: string, reason: string, now: Date): Promise<void> {
  await db(SESSIONS).where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: now, revoke_reason: reason });
}

export async function findSession(db: Knex, sessionId: string): Promise<SessionRow | undefined> {
  return db<SessionRow>(SESSIONS).where({ id: sessionId }).first();
}
