import type { Request as ExRequest } from 'express';
import { Get, OperationId, Path, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { Cursor, QueryInteger, QueryText, ResourceId, Timestamp } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import type { MessageList } from './message-list.models';
import { toMessageResource } from './messages.mapper';

/**
 * The query is passed on as written (strings): messaging validates every
 * field, so both routes name bad fields the same way.
 */
@Route('v1')
@Tags('Messages')
@Response<Problem>(400, 'VALIDATION_FAILED: a bad filter, an empty date range, pageSize outside 1-200 or an invalid cursor')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class MessageListController extends GatewayController {
  /**
   * The account's messages, newest first. A caller limited to a subaccount
   * sees only that subaccount's messages.
   * @param status scheduled, queued, dispatched, delivered, undelivered, failed, canceled or expired
   * @param from created at or after (UTC ISO-8601, inclusive)
   * @param to created before (UTC ISO-8601, exclusive)
   * @param pageSize 1 to 200, default 50
   * @param cursor the `nextCursor` of the previous page, with the same filters
   * @summary List the account's messages
   */
  @Get('accounts/{accountId}/messages')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('listAccountMessages')
  public async listAccountMessages(
    @Path() accountId: ResourceId,
    @Request() req: ExRequest,
    @Query() status?: QueryText,
    @Query() clientReference?: QueryText,
    @Query() subaccountId?: ResourceId,
    @Query() from?: Timestamp,
    @Query() to?: Timestamp,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<MessageList> {
    const page = await this.deps.clients.messaging.listMessages(
      { accountId, subaccountId, subaccountRoute: false, status, clientReference, from, to, pageSize, cursor },
      { principal: principalOf(req) },
    );
    return { items: page.items.map(toMessageResource), nextCursor: page.nextCursor ?? null };
  }

  /**
   * The subaccount's messages, newest first; same filters and rules as the account list.
   * @summary List the subaccount's messages
   */
  @Get('subaccounts/{subaccountId}/messages')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('listSubaccountMessages')
  public async listSubaccountMessages(
    @Path() subaccountId: ResourceId,
    @Request() req: ExRequest,
    @Query() status?: QueryText,
    @Query() clientReference?: QueryText,
    @Query() from?: Timestamp,
    @Query() to?: Timestamp,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<MessageList> {
    const principal = principalOf(req);
    const page = await this.deps.clients.messaging.listMessages(
      { accountId: principal.accountId, subaccountId, subaccountRoute: true, status, clientReference, from, to, pageSize, cursor },
      { principal },
    );
    return { items: page.items.map(toMessageResource), nextCursor: page.nextCursor ?? null };
  }
}
