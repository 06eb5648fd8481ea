import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { UserRow } from '../accounts/accounts.repository';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { consumeStepUpToken } from '../step-up/step-up-tokens';
import { toPasskey } from './passkey.mapper';
import { parsePasskeyName } from './passkey-name';
import { findPasskeyByCredentialId, insertPasskey, passkeysOf, useChallenge } from './passkeys.repository';
import { requireRelyingParty, type RelyingParty } from './relying-party';
import { challengeAnswered, saveChallenge, WEBAUTHN_CHALLENGE_TTL_SECONDS } from './webauthn-challenges';
import { parseCredential, verificationFailed, type CredentialJson } from './webauthn-credential';

/** ES256 and RS256: what platform authenticators and security keys use. */
export const PASSKEY_ALGORITHMS = [-7, -257];

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'];

/** Passkeys are an additional factor (spec 5.3): only for users who already have MFA on. */
export function requireMfaOn(user: UserRow): void {
  if (!user.mfa_enabled) throw new DomainError('MFA_NOT_ENABLED', 'Passkeys need MFA to be on: set up an authenticator first.');
}

/** Registration options for navigator.credentials.create; the user's existing passkeys are excluded. */
export async function startPasskeyRegistration(ctx: IdentityContext, principal: Principal): Promise<identityV1.WebAuthnOptions> {
  requireUser(principal);
  const rp = requireRelyingParty(ctx.config);
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    requireMfaOn(user);
    const existing = await passkeysOf(trx, user.id);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as never })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    await saveChallenge(trx, { userId: user.id, purpose: 'registration', challenge: options.challenge }, now);
    return { optionsJson: JSON.stringify(options) };
  });
}

type Verified = { credentialId: string; publicKey: Uint8Array; signCount: number; transports: string[] };

async function verifyRegistration(rp: RelyingParty, credential: CredentialJson, expectedChallenge: string): Promise<Verified | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    if (!result.verified || !result.registrationInfo) return undefined;
    const { credential: registered } = result.registrationInfo;
    const reported = Array.isArray(credential.response.transports) ? credential.response.transports : (registered.transports ?? []);
    return {
      credentialId: registered.id,
      publicKey: registered.publicKey,
      signCount: registered.counter,
      transports: reported.filter((t): t is string => typeof t === 'string' && TRANSPORTS.includes(t)),
    };
  } catch {
    return undefined;
  }
}

/** Thrown inside the transaction to roll back (the step-up token stays usable) before the challenge is burnt. */
class RegistrationRefused extends Error {
  constructor(readonly challengeId: string | undefined) {
    super('registration refused');
  }
}

/**
 * Stores the passkey the browser created (needs an MfaManage step-up). A
 * credential that does not verify against an open registration challenge of
 * this user is refused with WEBAUTHN_VERIFICATION_FAILED: nothing is stored,
 * the step-up token stays usable and the challenge it answered is spent.
 */
export async function completePasskeyRegistration(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.CompletePasskeyRegistrationRequest,
): Promise<identityV1.Passkey> {
  requireUser(principal);
  const rp = requireRelyingParty(ctx.config);
  const credential = parseCredential(request.credentialJson);
  const requestedName = parsePasskeyName(request.name, '');
  try {
    return await ctx.db.transaction(async (trx) => {
      const now = ctx.clock.now();
      const user = await currentUser(trx, principal);
      requireMfaOn(user);
      await consumeStepUpToken(ctx, trx, { userId: user.id, action: 'MfaManage', token: request.stepUpToken });
      const challenge = await challengeAnswered(trx, credential, { purpose: 'registration', userId: user.id }, now);
      if (!challenge) throw new RegistrationRefused(undefined);
      const verified = await verifyRegistration(rp, credential, challenge.challenge);
      if (!verified) throw new RegistrationRefused(challenge.id);
      if (await findPasskeyByCredentialId(trx, verified.credentialId)) {
        throw new DomainError('CONFLICT', 'This passkey is already registered.');
      }
      if (!(await useChallenge(trx, challenge.id, now))) throw new RegistrationRefused(undefined);
      const name = requestedName || `Passkey ${(await passkeysOf(trx, user.id)).length + 1}`;
      return toPasskey(await insertPasskey(trx, { userId: user.id, ...verified, name }, now));
    });
  } catch (error) {
    if (!(error instanceof RegistrationRefused)) throw error;
    if (error.challengeId) {
      const challengeId = error.challengeId;
      await ctx.db.transaction((trx) => useChallenge(trx, challengeId, ctx.clock.now()));
    }
    throw verificationFailed('The passkey could not be verified: start the registration again.');
  }
}
