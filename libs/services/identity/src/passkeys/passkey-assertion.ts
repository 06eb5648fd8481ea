import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Knex } from 'knex';
import { findPasskeyByCredentialId, recordPasskeyUse, type PasskeyRow, type WebAuthnChallengeRow } from './passkeys.repository';
import type { RelyingParty } from './relying-party';
import type { CredentialJson } from './webauthn-credential';

/**
 * Checks an assertion (navigator.credentials.get) against the challenge it
 * answers and one of the user's passkeys: origin, rp id, signature, and a
 * signature counter that went up. On success the counter and last use are
 * stored in `trx`; on failure nothing about the passkey changes.
 */
export async function acceptPasskeyAssertion(
  trx: Knex.Transaction,
  rp: RelyingParty,
  userId: string,
  credential: CredentialJson,
  challenge: WebAuthnChallengeRow,
  now: Date,
): Promise<PasskeyRow | undefined> {
  const passkey = await findPasskeyByCredentialId(trx, credential.id);
  if (!passkey || passkey.user_id !== userId) return undefined;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.sign_count),
        transports: passkey.transports as never,
      },
      // A second factor after the password: presence is what it proves.
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    // Bad signature, wrong origin or rp id, a counter that did not go up, malformed data.
    return undefined;
  }
  return (await recordPasskeyUse(trx, passkey, newCounter, now)) ? passkey : undefined;
}
