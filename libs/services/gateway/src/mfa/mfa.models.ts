import type { WebAuthnCredentialJson } from '../passkeys/passkeys.models';

/** What a step-up token allows. */
export type StepUpAction = 'MfaManage' | 'AccountSecurityPolicy' | 'UnlinkIdentity';
/** A second factor: `totp` (an authenticator code), `recovery_code` or `webauthn` (a passkey). */
export type MfaMethod = 'totp' | 'recovery_code' | 'webauthn';

/** The second sign-in step: the MFA token and a code or a passkey assertion. */
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

/** Whether MFA is on for the signed-in user, and with which methods. */
export interface MfaStatusResource {
  enabled: boolean;
  methods: string[];
  hasPasskeys: boolean;
  recoveryCodesRemaining: number;
}

/** An authenticator's secret and URI to scan, to confirm with a code. */
export interface TotpSetupResource {
  /** Base32 secret, for typing into an authenticator app. */
  secret: string;
  /** otpauth:// URI, for a QR code. */
  otpauthUrl: string;
}

/** A code from the authenticator being set up. */
export interface TotpConfirmRequest {
  /** @maxLength 64 */
  code: string;
}

/** New recovery codes, shown once. */
export interface RecoveryCodesResource {
  /** Single-use codes, shown only in this response. */
  recoveryCodes: string[];
}

/** A step-up: an authenticator code or a passkey assertion for one action. */
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

/** A single-use step-up token for one action. */
export interface StepUpTokenResource {
  /** Send it as header X-Step-Up-Token; it works once, for this action and user. */
  stepUpToken: string;
  action: StepUpAction;
  expiresAt: string;
}

/** The action to email a one-time code for. */
export interface EmailOtpIssueRequest {
  /** Defaults to MfaManage. */
  action?: StepUpAction;
}

/** The action the emailed one-time code is for, and when it expires. */
export interface EmailOtpIssued {
  action: StepUpAction;
  expiresAt: string;
}

/** The emailed code and its action. */
export interface EmailOtpVerifyRequest {
  action: StepUpAction;
  /** @maxLength 64 */
  code: string;
}
