import type { webhooksV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { assertRight, ownAccountId } from '../access/account-access';
import { toWebhookEndpoint } from './webhook-endpoint';
import type { WebhookEndpointsRepository } from './webhook-endpoints.repository';

/**
 * GET /v1/webhooks (spec 4.6): the caller's account's endpoints, newest
 * first. A caller limited to a subaccount sees that subaccount's endpoints.
 */
export class ListWebhookEndpointsUseCase {
  constructor(private readonly endpoints: WebhookEndpointsRepository) {}

  async execute(principal: Principal, request: webhooksV1.ListWebhookEndpointsRequest): Promise<webhooksV1.ListWebhookEndpointsResponse> {
    const accountId = ownAccountId(principal, request.accountId);
    assertRight(principal, 'ManageWebhooks');
    const rows = await this.endpoints.listForAccount(accountId, principal.subaccountId || undefined);
    return { items: rows.map(toWebhookEndpoint) };
  }
}
