import type { Request as ExRequest } from 'express';
import { Body, Get, OperationId, Path, Post, Put, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toPolicyResource, toRoutePreview } from './routing-policy.mapper';
import type { RoutePreview, RoutePreviewRequest, RoutingPolicyResource, UpdateRoutingPolicyRequest } from './routing-policy.models';

/**
 * A subaccount's routing policy (spec 2.5, 3.1, 4.5): the channel tried
 * first and, while enabled, the channels tried after it when a channel is
 * refused, when no final receipt arrives within `receiptTimeoutSeconds`, or
 * (with `fallbackOnDeliveryFailure`) when delivery fails. Reading and the
 * preview take any user role or an API key with `ReadMessages` or
 * `ManageRouting`; changing takes an Admin or Manager, or a key with
 * `ManageRouting`. A subaccount of another account, or one a caller limited
 * to a subaccount is not limited to, is 404.
 */
@Route('v1/subaccounts/{subaccountId}/routing-policy')
@Tags('Routing')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden: the role or API-key right the operation needs is missing')
@Response<Problem>(404, 'Not Found: no such subaccount in reach')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class RoutingPolicyController extends GatewayController {
  /**
   * The subaccount's policy; the defaults (Sms, no chain, disabled, no
   * receipt wait, no fallback on failure) until it sets one.
   * @summary Get a subaccount's routing policy
   */
  @Get()
  @Security('bearer')
  @Security('apiKey')
  @OperationId('getRoutingPolicy')
  public async getRoutingPolicy(@Path() subaccountId: ResourceId, @Request() req: ExRequest): Promise<RoutingPolicyResource> {
    const principal = principalOf(req);
    return toPolicyResource(await this.deps.clients.routing.getRoutingPolicy({ accountId: principal.accountId, subaccountId }, { principal }));
  }

  /**
   * Changes the fields sent; a field left out keeps its value. Unknown
   * channels, a timeout other than 0 or 60-86400, or a chain that names a
   * channel twice or names the preferred channel are 400 `VALIDATION_FAILED`
   * naming the field, and change nothing.
   * @summary Update a subaccount's routing policy
   */
  @Put()
  @Security('bearer')
  @Security('apiKey', ['ManageRouting'])
  @Response<Problem>(400, 'VALIDATION_FAILED naming each bad field')
  @OperationId('updateRoutingPolicy')
  public async updateRoutingPolicy(
    @Path() subaccountId: ResourceId,
    @Body() body: UpdateRoutingPolicyRequest,
    @Request() req: ExRequest,
  ): Promise<RoutingPolicyResource> {
    const principal = principalOf(req);
    const updated = await this.deps.clients.routing.updateRoutingPolicy(
      {
        accountId: principal.accountId,
        subaccountId,
        preferredChannelType: body.preferredChannelType,
        fallbackChain: body.fallbackChain === undefined ? undefined : { channels: body.fallbackChain },
        isEnabled: body.isEnabled,
        receiptTimeoutSeconds: body.receiptTimeoutSeconds,
        fallbackOnDeliveryFailure: body.fallbackOnDeliveryFailure,
      },
      { principal },
    );
    return toPolicyResource(updated);
  }

  /**
   * What a send to `destination` through this subaccount would do now,
   * without sending or changing anything: the channels in the order they
   * would be tried (enabled policy: the preferred channel then the chain;
   * disabled: the preferred channel alone), the number each would go from
   * (or why none), whether the recipient's consent blocks it, and the
   * channels the destination cannot be addressed on, skipped with the reason.
   * @summary Preview a route
   */
  @Post('preview')
  @Security('bearer')
  @Security('apiKey')
  @Response<Problem>(400, 'VALIDATION_FAILED: destination is neither an E.164 number nor an email address')
  @OperationId('previewRoute')
  public async previewRoute(@Path() subaccountId: ResourceId, @Body() body: RoutePreviewRequest, @Request() req: ExRequest): Promise<RoutePreview> {
    const principal = principalOf(req);
    return toRoutePreview(await this.deps.clients.routing.previewRoute({ accountId: principal.accountId, subaccountId, destination: body.destination }, { principal }));
  }
}
