import { int, json, list, optionalInt, optionalStr, str, url, type ConfigOf } from '@mp/config';
import { parseExternalProviders } from './external-identities/external-provider-config';

/** Identity's fragment of the environment; the apps compose it with the host schema. */
export const identityConfigSchema = {
  PUBLIC_BASE_URL: url({
    default: 'http://localhost:8080',
    protocols: ['http', 'https'],
    description: 'public address of the gateway, used in links sent by mail',
  }),
  SMTP_URL: url({
    optional: true,
    protocols: ['smtp', 'smtps'],
    description: 'SMTP server for outgoing mail (smtp://host:port); unset keeps mail queued',
  }),
  MAIL_FROM: str({ default: 'no-reply@sandbox.messaging.local', description: 'sender address of identity mail' }),
  ACCESS_TOKEN_TTL_SECONDS: int({ default: 900, min: 1, description: 'lifetime of an access token' }),
  REFRESH_TOKEN_TTL_SECONDS: int({ default: 30 * 24 * 3600, min: 1, description: 'lifetime of a refresh token' }),
  ACCOUNT_DAILY_QUOTA: optionalInt({ min: 0, description: "sends per UTC day of an account's own (no subaccount) messages; unset is unlimited" }),
  ACCOUNT_MONTHLY_QUOTA: optionalInt({ min: 0, description: "sends per UTC month of an account's own messages; unset is unlimited" }),
  EMAIL_VERIFICATION_TTL_SECONDS: int({ default: 48 * 3600, min: 1, description: 'lifetime of an email verification token' }),
  EXTERNAL_IDENTITY_PROVIDERS: json(parseExternalProviders, {
    default: [],
    description: 'OpenID Connect issuers for POST /v1/auth/external-login: JSON array of { name, issuer, jwksUri, audience }',
  }),
  SIGN_IN_LOCKOUT_THRESHOLD: int({ default: 5, min: 1, description: 'consecutive wrong passwords for one address that lock its sign-in' }),
  SIGN_IN_LOCKOUT_WINDOW_SECONDS: int({ default: 900, min: 1, description: 'the wrong passwords count together within this window' }),
  SIGN_IN_LOCKOUT_SECONDS: int({ default: 900, min: 1, description: 'how long a locked sign-in stays locked' }),
  // Passkeys are off unless an environment names its relying party (spec 5.3).
  WEBAUTHN_RP_ID: optionalStr({ description: 'passkey relying-party id (a domain, e.g. example.com); passkeys are on only with it and WEBAUTHN_ORIGINS' }),
  WEBAUTHN_RP_NAME: str({ default: 'Messaging Platform', description: 'relying-party name shown by the authenticator' }),
  WEBAUTHN_ORIGINS: list({ optional: true, description: 'comma list of web origins passkeys are used from (e.g. https://app.example.com)' }),
};

export type IdentityConfig = ConfigOf<typeof identityConfigSchema>;
