import type { StepUpAction } from '../mfa/mfa.models';

/**
 * The JSON of a PublicKeyCredential as the browser's toJSON() gives it:
 * binary fields are base64url strings. Passed on to the verification as is.
 */
export interface WebAuthnCredentialJson {
  /** @maxLength 1024 */
  id: string;
  /** @maxLength 1024 */
  rawId: string;
  type: 'public-key';
  /** Registration: clientDataJSON, attestationObject, transports. Sign-in: clientDataJSON, authenticatorData, signature, userHandle. */
  response: { [key: string]: unknown };
  clientExtensionResults?: { [key: string]: unknown };
  /** @maxLength 32 */
  authenticatorAttachment?: string | null;
  [key: string]: unknown;
}

/**
 * PublicKeyCredentialCreationOptionsJSON (registration) or
 * PublicKeyCredentialRequestOptionsJSON (sign-in, step-up): decode the
 * base64url `challenge` (and credential / user ids) and pass them to
 * navigator.credentials.create / get.
 */
export interface WebAuthnOptionsResource {
  challenge: string;
  timeout?: number;
  [key: string]: unknown;
}

/** A passkey of the signed-in user. */
export interface PasskeyResource {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The signed-in user's passkeys. */
export interface PasskeyList {
  items: PasskeyResource[];
}

/** The credential navigator.credentials.create returned. */
export interface CompletePasskeyRegistrationRequest {
  /** The result of navigator.credentials.create with the registration options. */
  credential: WebAuthnCredentialJson;
  /**
   * A label for the list (1 to 100 characters); defaults to "Passkey <n>".
   * @maxLength 100
   */
  name?: string;
}

/** A passkey's new name. */
export interface RenamePasskeyRequest {
  /**
   * 1 to 100 characters.
   * @maxLength 100
   */
  name: string;
}

/** The MFA token of the first sign-in step. */
export interface PasskeyLoginOptionsRequest {
  /**
   * From the 401 MFA_REQUIRED answer of POST /v1/auth/login.
   * @maxLength 512
   */
  mfaToken: string;
}

/** The action to step up for. */
export interface PasskeyStepUpOptionsRequest {
  action: StepUpAction;
}
