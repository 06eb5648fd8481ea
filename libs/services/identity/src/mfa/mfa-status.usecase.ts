import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import type { UserRow } from '../accounts/accounts.repository';
import type { IdentityContext } from '../identity-context';
import { currentUser } from './current-user';
import { countUnusedRecoveryCodes } from './mfa.repository';

/** Second factors a user with MFA on can sign in with (passkeys are not enabled yet). */
export const MFA_METHODS = ['totp', 'recovery_code'];

export async function mfaStatusOf(db: Knex, user: Pick<UserRow, 'id' | 'mfa_enabled'>): Promise<identityV1.MfaStatus> {
  return {
    enabled: user.mfa_enabled,
    methods: user.mfa_enabled ? [...MFA_METHODS] : [],
    hasPasskeys: false,
    recoveryCodesRemaining: user.mfa_enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
  };
}

export async function getMfaStatus(ctx: IdentityContext, principal: Principal): Promise<identityV1.MfaStatus> {
  return mfaStatusOf(ctx.db, await currentUser(ctx.db, principal));
}
