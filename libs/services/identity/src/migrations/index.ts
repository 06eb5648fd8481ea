import type { Migration } from '@mp/db';
import { accountsAndUsers } from './20250601000000_accounts_and_users';
import { sessions } from './20250601000100_sessions';
import { apiKeys } from './20250601000200_api_keys';
import { outgoingMail } from './20250601000300_outgoing_mail';
import { signingKeys } from './20250601000400_signing_keys';
import { mfa } from './20250601000500_mfa';
import { stepUp } from './20250601000600_step_up';
import { securityPolicy } from './20250601000700_security_policy';
import { userInvitations } from './20250601000800_user_invitations';
import { externalIdentities } from './20250601001000_external_identities';
import { signInFailures } from './20250601001200_sign_in_failures';
import { passkeys } from './20261006000000_passkeys';
import { subscriptionUpdates } from './20261020000000_subscription_updates';
import { appliedSubscriptionEvents } from './20261127000000_applied_subscription_events';

/** Identity's schema, oldest first; never reorder or edit one that has shipped. */
export const identityMigrations: Migration[] = [
  accountsAndUsers,
  sessions,
  apiKeys,
  outgoingMail,
  signingKeys,
  mfa,
  stepUp,
  securityPolicy,
  userInvitations,
  externalIdentities,
  signInFailures,
  passkeys,
  subscriptionUpdates,
  appliedSubscriptionEvents,
];
