import { DomainError } from '@mp/problems';
import type { IdentityConfig } from '../identity-config';

/** Who the passkeys belong to: the site (rp id) and the web origins allowed to use them. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** The configured relying party, or undefined when this environment has passkeys off (spec 5.3). */
export function relyingPartyOf(config: IdentityConfig): RelyingParty | undefined {
  const id = config.WEBAUTHN_RP_ID?.trim();
  const origins = (config.WEBAUTHN_ORIGINS ?? []).map((o) => o.replace(/\/+$/, ''));
  if (!id || origins.length === 0) return undefined;
  return { id, name: config.WEBAUTHN_RP_NAME, origins };
}

export const passkeysDisabled = () => new DomainError('INVALID_OPERATION', 'Passkeys are not enabled in this environment.');

/** Every passkey operation starts here: refused, changing nothing, where passkeys are off. */
export function requireRelyingParty(config: IdentityConfig): RelyingParty {
  const rp = relyingPartyOf(config);
  if (!rp) throw passkeysDisabled();
  return rp;
}
