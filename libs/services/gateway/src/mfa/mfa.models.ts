import type { WebAuthnCredentialJson } from '../passkeys/passkeys.models';

export type StepUpAction = 'MfaManage' | 'AccountSecurityPolicy' | 'UnlinkIdentity';
export type MfaMethod = 'totp' | 'recovery_code' | 'webauthn';

export interface LoginMfaRequest {
  /**
   * From the 401 MFA_REQUIRED answer of POST /v1/auth/login.
   * @maxLength 512
   */
  mfaToken: string;
  method: MfaMethod;
  /**
   * The authenticator code or a recovery code (methods totp, recovery_code).
   * @maxLength 64
   */
  code?: string;
  /** Method webauthn: the result of navigator.credentials.get with the options of POST /v1/auth/login/mfa/webauthn/options. */
  credential?: WebAuthnCredentialJson;
}

export interface MfaStatusResource {
  enabled: boolean;
  methods: string[];
  hasPasskeys: boolean;
  recoveryCodesRemaining: number;
}

export interface TotpSetupResource {
  /** Base32 secret, for typing into an authenticator app. */
  secret: string;
  /** otpauth:// URI, for a QR code. */
  otpauthUrl: string;
}

export interface TotpConfirmRequest {
  /** @maxLength 64 */
  code: string;
}

export interface RecoveryCodesResource {
  /** Single-use codes, shown only in this response. */
  recoveryCodes: string[];
}

export interface StepUpRequest {
  action: StepUpAction;
  /** totp (the default) or webauthn (a passkey). */
  method?: 'totp' | 'webauthn';
  /**
   * An authenticator code; recovery codes are not accepted here.
   * @maxLength 64
   */
  code?: string;
  /** Method webauthn: the result of navigator.credentials.get with the options of POST /v1/auth/mfa/step-up/webauthn/options. */
  credential?: WebAuthnCredentialJson;
}

export interface StepUpTokenResource {
  /** Send it as header X-Step-Up-Token; it works once, for this action and user. */
  stepUpToken: string;
  action: string;
  expiresAt: string;
}

export interface EmailOtpIssueRequest {
  /** Defaults to MfaManage. */
  action?: StepUpAction;
}

export interface EmailOtpIssued {
  action: string;
  expiresAt: string;
}

export interface EmailOtpVerifyRequest {
  action: StepUpAction;
  /** @maxLength 64 */
  code: string;
}
