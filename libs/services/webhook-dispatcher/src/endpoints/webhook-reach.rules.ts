import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { WebhookEndpointRow } from './webhook-endpoint';

export type WebhookNeed = 'read' | 'change';

export const MANAGE_WEBHOOKS = 'ManageWebhooks';
const CHANGING_ROLES: readonly string[] = ['Admin', 'Manager'];

/** The account a webhook call works on, and the one subaccount it is limited to, if any. */
export interface WebhookReach {
  accountId: string;
  /** A caller limited to a subaccount reaches only that subaccount's endpoints. */
  subaccountId?: string;
}

/**
 * The one access rule of the webhook routes (spec 4.6, 5.6, DECISIONS
 * Accounts): an API key needs ManageWebhooks, to read as to change; a user
 * reads with any role and changes as Admin or Manager. Another account is 404.
 */
export function reachWebhooks(principal: Principal, accountId: string, need: WebhookNeed, subaccountId?: string): WebhookReach {
  // The public routes name no account: the caller's own.
  const reach = reachAccount(principal, { accountId: accountId || principal.accountId || '', subaccountId, right: MANAGE_WEBHOOKS, what: subaccountId ? 'Subaccount' : undefined });
  if (principal.kind === 'user' && need === 'change' && !CHANGING_ROLES.includes(principal.role ?? '')) {
    throw new DomainError('FORBIDDEN', 'Changing webhooks needs the Admin or Manager role.');
  }
  return reach;
}

/** An endpoint the caller reaches, or 404 (another account's, or another subaccount's for a limited caller). */
export function reachableEndpoint(reach: WebhookReach, row: WebhookEndpointRow | undefined): WebhookEndpointRow {
  if (!row || row.kind !== 'message' || row.account_id !== reach.accountId) throw DomainError.notFound('Webhook');
  if (reach.subaccountId !== undefined && row.subaccount_id !== reach.subaccountId) throw DomainError.notFound('Webhook');
  return row;
}
