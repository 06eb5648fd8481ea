import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import type { UserRow } from '../accounts/accounts.repository';
import type { IdentityConfig } from '../identity-config';
import type { IdentityContext } from '../identity-context';
import { mfaMethodsOf } from '../passkeys/mfa-methods';
import { currentUser } from './current-user';
import { countUnusedRecoveryCodes } from './mfa.repository';

/** Second factors every user with MFA on can sign in with; `webauthn` joins for users with passkeys where enabled. */
export const MFA_METHODS = ['totp', 'recovery_code'];

export async function mfaStatusOf(db: Knex, config: IdentityConfig, user: Pick<UserRow, 'id' | 'mfa_enabled'>): Promise<identityV1.MfaStatus> {
  const { methods, hasPasskeys } = await mfaMethodsOf(db, config, user.id, MFA_METHODS);
  return {
    enabled: user.mfa_enabled,
    methods: user.mfa_enabled ? methods : [],
    hasPasskeys,
    recoveryCodesRemaining: user.mfa_enabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
  };
}

export async function getMfaStatus(ctx: IdentityContext, principal: Principal): Promise<identityV1.MfaStatus> {
  return mfaStatusOf(ctx.db, ctx.config, await currentUser(ctx.db, principal));
}
