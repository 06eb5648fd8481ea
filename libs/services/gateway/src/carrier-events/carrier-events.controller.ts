import type { Request as ExRequest } from 'express';
import { Get, OperationId, Path, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { toCarrierEvent } from '../billing/billing.mapper';
import type { CarrierEventListResource } from '../billing/billing.models';
import { GatewayController } from '../common/gateway-controller';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';

@Route('v1')
@Tags('Messages')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class CarrierEventsController extends GatewayController {
  /**
   * What the carrier said about the message, in order: its answer to each
   * submission (accepted, refused, or unavailable and retried) and each
   * receipt, with the carrier's raw status and error code and the reason it
   * maps to. Another account's message (or another subaccount's, for a
   * caller limited to one) is 404.
   * @summary List what the carrier said about a message
   */
  @Get('messages/{messageId}/carrier-events')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('listMessageCarrierEvents')
  public async carrierEvents(@Path() messageId: ResourceId, @Request() req: ExRequest): Promise<CarrierEventListResource> {
    const principal = principalOf(req);
    const list = await this.deps.clients.messaging.listCarrierEvents({ accountId: principal.accountId, messageId }, { principal });
    return { messageId: list.messageId, items: list.items.map(toCarrierEvent) };
  }
}
