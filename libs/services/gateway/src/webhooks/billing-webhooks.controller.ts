import type { Request as ExRequest } from 'express';
import { Body, Get, OperationId, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { Problem } from '../common/problem.model';
import { toBillingConfig } from './webhooks.mapper';
import type { BillingWebhookConfigResource, EnableBillingWebhookRequest } from './webhooks.models';

/**
 * The billing webhook subscription (spec 4.6), apart from message webhooks:
 * one HTTPS URL per account that receives `SubscriptionChanged` events
 * (`{ eventType, timestamp, accountId, data: { status } }`) with
 * `X-Webhook-Id` and `X-Signature: <lowercase hex HMAC-SHA256 of the raw
 * body>` keyed by its secret, no timestamp (spec 6.3 rule 7). After
 * regenerating the secret only the new one signs: update the handler at
 * once. Managed by an account Admin or an API key with `ManageWebhooks`
 * that is not limited to a subaccount.
 */
@Route('v1/billing/webhooks')
@Tags('Billing')
@Security('bearer')
@Security('apiKey', ['ManageWebhooks'])
@Response<Problem>(400, 'VALIDATION_FAILED: a URL that is not HTTPS or is an internal address')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden: not an Admin, or an API key without ManageWebhooks')
@Response<Problem>(404, 'Not Found: a caller limited to a subaccount')
@Response<Problem>(409, 'CONFLICT: regenerate-secret before the webhook was ever enabled')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class BillingWebhooksController extends GatewayController {
  private get webhooks() {
    return this.deps.clients['webhook-dispatcher'];
  }

  /** @summary Get the billing webhook configuration */
  @Get('config')
  @OperationId('getBillingWebhookConfig')
  public async getBillingWebhookConfig(@Request() req: ExRequest): Promise<BillingWebhookConfigResource> {
    const principal = principalOf(req);
    return toBillingConfig(await this.webhooks.getBillingWebhookConfig({ accountId: principal.accountId }, { principal }));
  }

  /**
   * Turns the billing webhook on at `url`. The signing secret is answered
   * when it is first made; enabling again (another URL) keeps it and does
   * not show it again (regenerate-secret answers a new one).
   * @summary Enable the billing webhook
   */
  @Post('enable')
  @OperationId('enableBillingWebhook')
  public async enableBillingWebhook(@Body() body: EnableBillingWebhookRequest, @Request() req: ExRequest): Promise<BillingWebhookConfigResource> {
    const principal = principalOf(req);
    return toBillingConfig(await this.webhooks.enableBillingWebhook({ accountId: principal.accountId, url: body.url }, { principal }));
  }

  /** @summary Disable the billing webhook */
  @Post('disable')
  @OperationId('disableBillingWebhook')
  public async disableBillingWebhook(@Request() req: ExRequest): Promise<BillingWebhookConfigResource> {
    const principal = principalOf(req);
    return toBillingConfig(await this.webhooks.disableBillingWebhook({ accountId: principal.accountId }, { principal }));
  }

  /**
   * A new signing secret, answered once; the old one signs nothing from now on.
   * @summary Regenerate the billing webhook secret
   */
  @Post('regenerate-secret')
  @OperationId('regenerateBillingWebhookSecret')
  public async regenerateBillingWebhookSecret(@Request() req: ExRequest): Promise<BillingWebhookConfigResource> {
    const principal = principalOf(req);
    return toBillingConfig(await this.webhooks.regenerateBillingWebhookSecret({ accountId: principal.accountId }, { principal }));
  }
}
