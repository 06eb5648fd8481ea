import { randomBytes } from 'node:crypto';

/** A new `whsec_` signing secret (spec 2.6): 32 random bytes, base64, as Svix and Stripe shape theirs. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
