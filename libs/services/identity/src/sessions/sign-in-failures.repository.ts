import type { Knex } from 'knex';
import type { SignInFailures } from './sign-in-lockout';

export const SIGN_IN_FAILURES = 'sign_in_failures';

interface SignInFailuresRow {
  email_hash: string;
  failures: number;
  window_started_at: Date | string;
  locked_until: Date | string | null;
}

const toRecord = (row: SignInFailuresRow): SignInFailures => ({
  failures: Number(row.failures),
  windowStartedAt: new Date(row.window_started_at),
  lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
});

export async function findSignInFailures(db: Knex, emailHash: string): Promise<SignInFailures | undefined> {
  const row = await db<SignInFailuresRow>(SIGN_IN_FAILURES).where({ email_hash: emailHash }).first();
  return row ? toRecord(row) : undefined;
}

/** Locks the address's row (creating it) so concurrent wrong passwords are counted one after the other. */
export async function lockSignInFailures(trx: Knex.Transaction, emailHash: string, now: Date): Promise<SignInFailures | undefined> {
  await trx(SIGN_IN_FAILURES).insert({ email_hash: emailHash, failures: 0, window_started_at: now, locked_until: null }).onConflict('email_hash').ignore();
  const row = await trx<SignInFailuresRow>(SIGN_IN_FAILURES).where({ email_hash: emailHash }).forUpdate().first();
  return row && Number(row.failures) > 0 ? toRecord(row) : undefined;
}

export async function saveSignInFailures(trx: Knex.Transaction, emailHash: string, record: SignInFailures): Promise<void> {
  await trx(SIGN_IN_FAILURES)
    .where({ email_hash: emailHash })
    .update({ failures: record.failures, window_started_at: record.windowStartedAt, locked_until: record.lockedUntil });
}

export async function clearSignInFailures(db: Knex, emailHash: string): Promise<void> {
  await db(SIGN_IN_FAILURES).where({ email_hash: emailHash }).delete();
}
