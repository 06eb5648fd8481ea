import { DomainError } from '@mp/problems';
import type { Request as ExRequest } from 'express';
import { Body, Get, Header, OperationId, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { IdempotencyKey, ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toMessageResource, toSendRequest } from './messages.mapper';
import type { Encoding, MessageResource, SegmentPreview, SegmentPreviewRequest, SendMessageRequest } from './messages.models';

@Route('v1')
@Tags('Messages')
@Response<Problem>(400, 'Bad Request')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class MessagesController extends GatewayController {
  /**
   * Sends a message from the account (optionally through `subaccountId`).
   * @summary Send a message
   */
  @Post('accounts/{accountId}/messages')
  @Security('bearer')
  @Security('apiKey', ['SendMessages'])
  @SuccessResponse(201, 'Accepted for delivery (also a replay of the same Idempotency-Key and body within 24 h: the first message)')
  @Response<Problem>(402, 'No active subscription')
  @Response<Problem>(409, 'CONFLICT: the Idempotency-Key was used with another request in the last 24 hours')
  @OperationId('sendAccountMessage')
  public async sendFromAccount(
    @Path() accountId: ResourceId,
    @Body() body: SendMessageRequest,
    @Request() req: ExRequest,
    @Header('Idempotency-Key') idempotencyKey?: IdempotencyKey,
  ): Promise<MessageResource> {
    const message = await this.deps.clients.messaging.sendMessage(
      toSendRequest(body, { accountId, subaccountRoute: false, idempotencyKey }),
      { principal: principalOf(req) },
    );
    this.setStatus(201);
    return toMessageResource(message);
  }

  /**
   * Sends a message through a subaccount (its quotas and routing policy apply).
   * @summary Send a message through a subaccount
   */
  @Post('subaccounts/{subaccountId}/messages')
  @Security('bearer')
  @Security('apiKey', ['SendMessages'])
  @SuccessResponse(201, 'Accepted for delivery (also a replay of the same Idempotency-Key and body within 24 h: the first message)')
  @Response<Problem>(402, 'No active subscription')
  @Response<Problem>(409, 'CONFLICT: the Idempotency-Key was used with another request in the last 24 hours')
  @OperationId('sendSubaccountMessage')
  public async sendFromSubaccount(
    @Path() subaccountId: ResourceId,
    @Body() body: SendMessageRequest,
    @Request() req: ExRequest,
    @Header('Idempotency-Key') idempotencyKey?: IdempotencyKey,
  ): Promise<MessageResource> {
    if (body.subaccountId !== undefined && body.subaccountId !== subaccountId) {
      throw DomainError.validation({ subaccountId: ['must match the subaccount in the path, or be left out'] });
    }
    const principal = principalOf(req);
    const message = await this.deps.clients.messaging.sendMessage(
      toSendRequest(body, { accountId: principal.accountId, subaccountId, subaccountRoute: true, idempotencyKey }),
      { principal },
    );
    this.setStatus(201);
    return toMessageResource(message);
  }

  /**
   * The message, with its channel history and audit trail.
   * @summary Get a message
   */
  @Get('accounts/{accountId}/messages/{messageId}')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('getAccountMessage')
  public async getMessage(@Path() accountId: ResourceId, @Path() messageId: ResourceId, @Request() req: ExRequest): Promise<MessageResource> {
    return toMessageResource(
      await this.deps.clients.messaging.getMessage({ accountId, messageId }, { principal: principalOf(req) }),
    );
  }

  /**
   * Cancels a scheduled message: it is never sent and never charged. Any
   * other status answers 409 `MESSAGE_NOT_CANCELABLE` naming the current one
   * (also when the message was released at its `sendAt` a moment before).
   * @summary Cancel a scheduled message
   */
  @Post('accounts/{accountId}/messages/{messageId}/cancel')
  @Security('bearer')
  @Security('apiKey', ['SendMessages'])
  @Response<Problem>(409, 'MESSAGE_NOT_CANCELABLE: the message is not scheduled')
  @OperationId('cancelAccountMessage')
  public async cancelFromAccount(@Path() accountId: ResourceId, @Path() messageId: ResourceId, @Request() req: ExRequest): Promise<MessageResource> {
    return toMessageResource(await this.deps.clients.messaging.cancelMessage({ accountId, messageId }, { principal: principalOf(req) }));
  }

  /**
   * Cancels a scheduled message of the subaccount; same rules as the account route.
   * @summary Cancel a subaccount's scheduled message
   */
  @Post('subaccounts/{subaccountId}/messages/{messageId}/cancel')
  @Security('bearer')
  @Security('apiKey', ['SendMessages'])
  @Response<Problem>(409, 'MESSAGE_NOT_CANCELABLE: the message is not scheduled')
  @OperationId('cancelSubaccountMessage')
  public async cancelFromSubaccount(
    @Path() subaccountId: ResourceId,
    @Path() messageId: ResourceId,
    @Request() req: ExRequest,
  ): Promise<MessageResource> {
    const principal = principalOf(req);
    return toMessageResource(
      await this.deps.clients.messaging.cancelMessage({ accountId: principal.accountId, subaccountId, messageId }, { principal }),
    );
  }

  /**
   * Segments and encoding a body would be sent with.
   * @summary Preview segments and encoding
   */
  @Post('messages/segments/preview')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('previewSegments')
  public async previewSegments(@Body() body: SegmentPreviewRequest, @Request() req: ExRequest): Promise<SegmentPreview> {
    const preview = await this.deps.clients.messaging.previewSegments({ body: body.body }, { principal: principalOf(req) });
    return { ...preview, encoding: preview.encoding as Encoding };
  }
}
