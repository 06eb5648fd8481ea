import type { Request as ExRequest } from 'express';
import { Body, Delete, Get, OperationId, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { Cursor, QueryInteger, ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toDeliveryResource, toWebhookResource } from './webhooks.mapper';
import type {
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryList,
  WebhookDeliveryResource,
  WebhookList,
  WebhookResource,
  WebhookWithSecret,
} from './webhooks.models';

/**
 * Message webhooks (spec 2.6, 3.3, 4.6, 6). Each delivery is a POST of the
 * event's JSON with `X-Webhook-Id` (the delivery, stable across retries and
 * replays), `X-Webhook-Timestamp` and `X-Webhook-Signature: sha256=<hex
 * HMAC-SHA256 of "<timestamp>.<raw body>">` keyed by the endpoint's secret
 * (docs/webhooks.md shows a receiver). A 2xx within 10 s is success; a
 * failure is tried 5 times in all (after about 10 s, 30 s, 90 s, 5 min);
 * after 50 failed deliveries in a row the endpoint is deactivated and the
 * account's Admins are emailed. API keys need `ManageWebhooks`; users read
 * with any role and change as Admin or Manager.
 */
@Route('v1/webhooks')
@Tags('Webhooks')
@Security('bearer')
@Security('apiKey', ['ManageWebhooks'])
@Response<Problem>(400, 'VALIDATION_FAILED naming each bad field (a URL that is not HTTPS or is an internal address, unknown event names)')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden: an API key without ManageWebhooks, or a Member changing webhooks')
@Response<Problem>(404, 'Not Found: no such endpoint (or delivery) in the account')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class WebhooksController extends GatewayController {
  private get webhooks() {
    return this.deps.clients['webhook-dispatcher'];
  }

  /**
   * Creates an active endpoint. The answer carries its `whsec_` signing
   * secret, shown only here and on rotation.
   * @summary Create a webhook endpoint
   */
  @Post()
  @SuccessResponse(201, 'Created')
  @OperationId('createWebhook')
  public async createWebhook(@Body() body: CreateWebhookRequest, @Request() req: ExRequest): Promise<WebhookWithSecret> {
    const principal = principalOf(req);
    const created = await this.webhooks.createWebhookEndpoint(
      { accountId: principal.accountId, subaccountId: body.subaccountId, url: body.url, label: body.label, subscribedEvents: body.subscribedEvents },
      { principal },
    );
    this.setStatus(201);
    return { ...toWebhookResource(created.endpoint!), signingSecret: created.signingSecret };
  }

  /**
   * The account's endpoints, newest first (a caller limited to a subaccount: that subaccount's).
   * @summary List webhook endpoints
   */
  @Get()
  @OperationId('listWebhooks')
  public async listWebhooks(@Request() req: ExRequest): Promise<WebhookList> {
    const principal = principalOf(req);
    const { items } = await this.webhooks.listWebhookEndpoints({ accountId: principal.accountId }, { principal });
    return { items: items.map(toWebhookResource) };
  }

  /** @summary Get a webhook endpoint */
  @Get('{webhookId}')
  @OperationId('getWebhook')
  public async getWebhook(@Path() webhookId: ResourceId, @Request() req: ExRequest): Promise<WebhookResource> {
    const principal = principalOf(req);
    return toWebhookResource(await this.webhooks.getWebhookEndpoint({ accountId: principal.accountId, webhookId }, { principal }));
  }

  /**
   * Changes url, label, events or the active flag; omitted fields keep their
   * value. `active: true` re-activates a deactivated endpoint and resets its
   * count of failed deliveries; its pending deliveries resume.
   * @summary Update a webhook endpoint
   */
  @Put('{webhookId}')
  @OperationId('updateWebhook')
  public async updateWebhook(@Path() webhookId: ResourceId, @Body() body: UpdateWebhookRequest, @Request() req: ExRequest): Promise<WebhookResource> {
    const principal = principalOf(req);
    return toWebhookResource(
      await this.webhooks.updateWebhookEndpoint(
        { accountId: principal.accountId, webhookId, url: body.url, label: body.label, subscribedEvents: body.subscribedEvents, active: body.active },
        { principal },
      ),
    );
  }

  /**
   * Deletes the endpoint and its delivery log; it answers 404 from then on.
   * @summary Delete a webhook endpoint
   */
  @Delete('{webhookId}')
  @SuccessResponse(204, 'Deleted')
  @OperationId('deleteWebhook')
  public async deleteWebhook(@Path() webhookId: ResourceId, @Request() req: ExRequest): Promise<void> {
    const principal = principalOf(req);
    await this.webhooks.deleteWebhookEndpoint({ accountId: principal.accountId, webhookId }, { principal });
    this.setStatus(204);
  }

  /**
   * A new signing secret, answered once; every delivery signed from now on uses it.
   * @summary Rotate the signing secret
   */
  @Post('{webhookId}/rotate-secret')
  @OperationId('rotateWebhookSecret')
  public async rotateWebhookSecret(@Path() webhookId: ResourceId, @Request() req: ExRequest): Promise<WebhookWithSecret> {
    const principal = principalOf(req);
    const rotated = await this.webhooks.rotateWebhookSecret({ accountId: principal.accountId, webhookId }, { principal });
    return { ...toWebhookResource(rotated.endpoint!), signingSecret: rotated.signingSecret };
  }

  /**
   * Sends a `WebhookTest` event, signed like any other, once, and answers
   * the delivery with the attempt's outcome (a deactivated endpoint can be
   * tested too). Tests do not count toward deactivation.
   * @summary Send a test event
   */
  @Post('{webhookId}/test')
  @OperationId('testWebhook')
  public async testWebhook(@Path() webhookId: ResourceId, @Request() req: ExRequest): Promise<WebhookDeliveryResource> {
    const principal = principalOf(req);
    return toDeliveryResource(await this.webhooks.sendTestEvent({ accountId: principal.accountId, webhookId }, { principal }));
  }

  /**
   * The endpoint's deliveries, newest first: each event, every attempt
   * (time, status or error, duration, trigger) and the next attempt.
   * @param pageSize 1 to 200, default 50
   * @param cursor the `nextCursor` of the previous page
   * @summary List deliveries
   */
  @Get('{webhookId}/deliveries')
  @OperationId('listWebhookDeliveries')
  public async listWebhookDeliveries(
    @Path() webhookId: ResourceId,
    @Request() req: ExRequest,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<WebhookDeliveryList> {
    const principal = principalOf(req);
    const page = await this.webhooks.listWebhookDeliveries({ accountId: principal.accountId, webhookId, pageSize, cursor }, { principal });
    return { items: page.items.map(toDeliveryResource), nextCursor: page.nextCursor ?? null };
  }

  /**
   * Sends the delivery again now: the same body and `X-Webhook-Id`, a fresh
   * timestamp and signature with the current secret. Answers the delivery
   * with the new attempt.
   * @summary Replay a delivery
   */
  @Post('{webhookId}/deliveries/{deliveryLogId}/replay')
  @OperationId('replayWebhookDelivery')
  public async replayWebhookDelivery(
    @Path() webhookId: ResourceId,
    @Path() deliveryLogId: ResourceId,
    @Request() req: ExRequest,
  ): Promise<WebhookDeliveryResource> {
    const principal = principalOf(req);
    return toDeliveryResource(await this.webhooks.replayWebhookDelivery({ accountId: principal.accountId, webhookId, deliveryLogId }, { principal }));
  }
}
