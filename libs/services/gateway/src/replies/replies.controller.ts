import type { Request as ExRequest } from 'express';
import { Get, OperationId, Path, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { Cursor, QueryInteger, ResourceId, Timestamp } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toReplyResource } from './replies.mapper';
import type { ReplyList, ReplyResource } from './replies.models';

/**
 * Replies (spec 2.3, 4.2): what recipients sent to the account's numbers,
 * linked to the message they answer (spec 4.3). Missed webhook deliveries can
 * be read back here.
 */
@Route('v1')
@Tags('Replies')
@Response<Problem>(400, 'VALIDATION_FAILED: an invalid cursor, an empty date range or pageSize outside 1-200')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class RepliesController extends GatewayController {
  /**
   * Every reply the account received, newest first. Not available to an API
   * key limited to a subaccount (404): use the subaccount's list.
   * @summary List the account's replies
   * @param from received at or after (ISO-8601 with offset, inclusive)
   * @param to received before (ISO-8601 with offset, exclusive)
   * @param pageSize 1 to 200, default 50
   * @param cursor the `nextCursor` of the previous page, with the same range
   */
  @Get('accounts/{accountId}/inbound-messages')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('listAccountInboundMessages')
  public async listAccountInboundMessages(
    @Path() accountId: ResourceId,
    @Request() req: ExRequest,
    @Query() from?: Timestamp,
    @Query() to?: Timestamp,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<ReplyList> {
    const page = await this.deps.clients.replies.listInboundMessages(
      { accountId, from, to, pageSize, cursor },
      { principal: principalOf(req) },
    );
    return { items: page.items.map(toReplyResource), nextCursor: page.nextCursor ?? null };
  }

  /** The subaccount's replies, newest first; same query as the account list.
   * @summary List the subaccount's replies
   */
  @Get('subaccounts/{subaccountId}/inbound-messages')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('listSubaccountInboundMessages')
  public async listSubaccountInboundMessages(
    @Path() subaccountId: ResourceId,
    @Request() req: ExRequest,
    @Query() from?: Timestamp,
    @Query() to?: Timestamp,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<ReplyList> {
    const principal = principalOf(req);
    const page = await this.deps.clients.replies.listInboundMessages(
      { accountId: principal.accountId, subaccountId, from, to, pageSize, cursor },
      { principal },
    );
    return { items: page.items.map(toReplyResource), nextCursor: page.nextCursor ?? null };
  }

  /** The replies to a message, oldest first; an empty array when none. 404 when the message is not in the account.
   * @summary List the replies to a message
   */
  @Get('accounts/{accountId}/messages/{messageId}/replies')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('listAccountMessageReplies')
  public async listAccountMessageReplies(
    @Path() accountId: ResourceId,
    @Path() messageId: ResourceId,
    @Request() req: ExRequest,
  ): Promise<ReplyResource[]> {
    const res = await this.deps.clients.replies.listMessageReplies({ accountId, messageId }, { principal: principalOf(req) });
    return res.items.map(toReplyResource);
  }

  /** The replies to a message of the subaccount, oldest first; 404 when the message is not in it.
   * @summary List the replies to a subaccount's message
   */
  @Get('subaccounts/{subaccountId}/messages/{messageId}/replies')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('listSubaccountMessageReplies')
  public async listSubaccountMessageReplies(
    @Path() subaccountId: ResourceId,
    @Path() messageId: ResourceId,
    @Request() req: ExRequest,
  ): Promise<ReplyResource[]> {
    const principal = principalOf(req);
    const res = await this.deps.clients.replies.listMessageReplies(
      { accountId: principal.accountId, subaccountId, messageId },
      { principal },
    );
    return res.items.map(toReplyResource);
  }
}
