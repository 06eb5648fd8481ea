import { int, list, optionalStr, str, url, type ConfigOf } from '@mp/config';

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
  EMAIL_VERIFICATION_TTL_SECONDS: int({ default: 48 * 3600, min: 1, description: 'lifetime of an email verification token' }),
  // Passkeys are off unless an environment names its relying party (spec 5.3).
  WEBAUTHN_RP_ID: optionalStr({ description: 'passkey relying-party id (a domain, e.g. example.com); passkeys are on only with it and WEBAUTHN_ORIGINS' }),
  WEBAUTHN_RP_NAME: str({ default: 'Messaging Platform', description: 'relying-party name shown by the authenticator' }),
  WEBAUTHN_ORIGINS: list({ optional: true, description: 'comma list of web origins passkeys are used from (e.g. https://app.example.com)' }),
};

export type IdentityConfig = ConfigOf<typeof identityConfigSchema>;
