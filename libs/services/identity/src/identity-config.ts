import { int, str, url, type ConfigOf } from '@mp/config';

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
  SIGN_IN_LOCKOUT_THRESHOLD: int({ default: 5, min: 1, description: 'consecutive wrong passwords for one address that lock its sign-in' }),
  SIGN_IN_LOCKOUT_WINDOW_SECONDS: int({ default: 900, min: 1, description: 'the wrong passwords count together within this window' }),
  SIGN_IN_LOCKOUT_SECONDS: int({ default: 900, min: 1, description: 'how long a locked sign-in stays locked' }),
};

export type IdentityConfig = ConfigOf<typeof identityConfigSchema>;
