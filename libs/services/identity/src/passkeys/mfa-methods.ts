import type { Knex } from 'knex';
import type { IdentityConfig } from '../identity-config';
import { countPasskeys } from './passkeys.repository';
import { relyingPartyOf } from './relying-party';

/** The authenticator and recovery codes always; passkeys when the user has one and the environment enables them. */
export async function mfaMethodsOf(db: Knex, config: IdentityConfig, userId: string, base: readonly string[]): Promise<{ methods: string[]; hasPasskeys: boolean }> {
  const hasPasskeys = (await countPasskeys(db, userId)) > 0;
  return { methods: hasPasskeys && relyingPartyOf(config) ? [...base, 'webauthn'] : [...base], hasPasskeys };
}
