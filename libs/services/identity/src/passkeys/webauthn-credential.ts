import { DomainError, type ProblemExtensions } from '@mp/problems';

/** The JSON a browser's credential serialises to (RegistrationResponseJSON / AuthenticationResponseJSON). */
export interface CredentialJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, unknown> & { clientDataJSON: string };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: 'platform' | 'cross-platform';
}

export const verificationFailed = (detail = 'The passkey could not be verified.', extensions: ProblemExtensions = {}) =>
  new DomainError('WEBAUTHN_VERIFICATION_FAILED', detail, extensions);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the credential the client sent: missing or not shaped like a WebAuthn
 * credential is a VALIDATION_FAILED on `credential`; whether it proves
 * anything is for the verification to say.
 */
export function parseCredential(json: string | undefined): CredentialJson {
  const raw = (json ?? '').trim();
  if (raw === '') throw DomainError.validation({ credential: ['is required'] });
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (
    !isObject(value) ||
    typeof value.id !== 'string' ||
    value.id === '' ||
    !isObject(value.response) ||
    typeof value.response.clientDataJSON !== 'string' ||
    (value.type !== undefined && value.type !== 'public-key')
  ) {
    throw DomainError.validation({ credential: ['must be a WebAuthn public-key credential (id, rawId, type, response with clientDataJSON)'] });
  }
  return {
    ...value,
    id: value.id,
    rawId: typeof value.rawId === 'string' ? value.rawId : value.id,
    type: 'public-key',
    response: value.response as CredentialJson['response'],
    clientExtensionResults: isObject(value.clientExtensionResults) ? value.clientExtensionResults : {},
  } as CredentialJson;
}

/** The challenge the authenticator signed over, read from clientDataJSON (undefined when unreadable). */
export function challengeOf(credential: CredentialJson): string | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'));
    return isObject(clientData) && typeof clientData.challenge === 'string' && clientData.challenge !== '' ? clientData.challenge : undefined;
  } catch {
    return undefined;
  }
}
