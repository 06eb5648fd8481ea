import type { webhooksV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError, FieldErrors } from '@mp/problems';
import { urlProblem } from '../endpoints/endpoint-request.rules';
import { newSigningSecret } from '../endpoints/signing-secret';
import { iso, newEndpointRow, type WebhookEndpointRow } from '../endpoints/webhook-endpoint';
import { insertWebhookEndpoint, updateWebhookEndpoint, WEBHOOK_ENDPOINTS } from '../endpoints/webhook-endpoints.repository';
import type { WebhookDeps } from '../webhook-dispatcher-deps';

/**
 * The billing webhook subscription (spec 4.6): one URL per account that
 * receives subscription changes, signed with an HMAC-SHA256 of the body
 * (6.3 rule 7). Billing is the account's as a whole: an Admin, or an API key
 * with ManageWebhooks that is not limited to a subaccount.
 */
function reachBilling(principal: Principal, accountId: string): string {
  const reach = reachAccount(principal, { accountId: accountId || principal.accountId || '', accountWide: true, right: 'ManageWebhooks' });
  if (principal.kind === 'user' && principal.role !== 'Admin') throw new DomainError('FORBIDDEN', 'The billing webhook is managed by an account Admin.');
  return reach.accountId;
}

const billingEndpointOf = (deps: WebhookDeps, accountId: string) =>
  deps.db<WebhookEndpointRow>(WEBHOOK_ENDPOINTS).where({ account_id: accountId, kind: 'billing' }).first();

const configOf = (row: WebhookEndpointRow | undefined, withSecret = false): webhooksV1.BillingWebhookConfig =>
  row
    ? { enabled: row.active, url: row.url, updatedAt: iso(row.updated_at), signingSecret: withSecret ? row.signing_secret! : undefined }
    : { enabled: false };

/** GET /v1/billing/webhooks/config: whether it is on and where it goes (never the secret). */
export async function getBillingWebhookConfig(deps: WebhookDeps, principal: Principal, request: webhooksV1.BillingWebhookRequest) {
  return configOf(await billingEndpointOf(deps, reachBilling(principal, request.accountId)));
}

/**
 * POST /v1/billing/webhooks/enable { url }: turns it on at this URL (HTTPS,
 * not an internal address). The secret is answered when it is made; enabling
 * again keeps it without showing it again (regenerate-secret makes a new one).
 */
export async function enableBillingWebhook(deps: WebhookDeps, principal: Principal, request: webhooksV1.EnableBillingWebhookRequest) {
  const accountId = reachBilling(principal, request.accountId);
  const problem = urlProblem(request.url, deps.policy);
  if (problem) new FieldErrors().add('url', problem).throwIfAny();
  const now = deps.clock.now();
  const existing = await billingEndpointOf(deps, accountId);
  if (existing) {
    const row = await updateWebhookEndpoint(deps.db, existing.id, { url: request.url, active: true, consecutive_failures: 0, deactivated_at: null, updated_at: now });
    // Shown once, like a message endpoint's: enabling again must not read out the secret in use.
    return configOf(row);
  }
  const row = newEndpointRow({ account_id: accountId, subaccount_id: null, kind: 'billing', url: request.url, label: 'billing', subscribed_events: 'SubscriptionChanged' }, now);
  await insertWebhookEndpoint(deps.db, row);
  return configOf(row, true);
}

/** POST /v1/billing/webhooks/disable: nothing more is sent until it is enabled again. */
export async function disableBillingWebhook(deps: WebhookDeps, principal: Principal, request: webhooksV1.BillingWebhookRequest) {
  const existing = await billingEndpointOf(deps, reachBilling(principal, request.accountId));
  if (!existing) return configOf(undefined);
  return configOf(await updateWebhookEndpoint(deps.db, existing.id, { active: false, updated_at: deps.clock.now() }));
}

/** POST /v1/billing/webhooks/regenerate-secret: from now on only the new secret signs. */
export async function regenerateBillingWebhookSecret(deps: WebhookDeps, principal: Principal, request: webhooksV1.BillingWebhookRequest) {
  const existing = await billingEndpointOf(deps, reachBilling(principal, request.accountId));
  if (!existing) throw new DomainError('CONFLICT', 'The billing webhook is not set up: enable it first.');
  return configOf(await updateWebhookEndpoint(deps.db, existing.id, { signing_secret: newSigningSecret(), updated_at: deps.clock.now() }), true);
}
