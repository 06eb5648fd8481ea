import type { Request as ExRequest } from 'express';
import { Get, OperationId, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { Cursor, QueryText, ResourceId, Timestamp } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toChannelCost, toCharge, toSummary, toTotals } from './billing.mapper';
import type { MessageChargePageResource, MessageCostsByChannelResource, MessageCostSummaryResource } from './billing.models';

/**
 * What sent messages cost. Each channel attempt is charged once, when the
 * carrier accepts it; canceled, expired, refused and dead-lettered messages
 * cost nothing. Amounts are USD. The range is `from` inclusive to `to`
 * exclusive (a date `YYYY-MM-DD` or an ISO-8601 timestamp with offset (`Z` or `±HH:MM`)); each bound
 * left out defaults to the current UTC month. A caller limited to a
 * subaccount sees only that subaccount's charges.
 */
@Route('v1/billing/message-costs')
@Tags('Billing')
@Response<Problem>(400, 'Bad Request: invalid or empty date range, pageSize or cursor')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class BillingController extends GatewayController {
  /**
   * Totals over the range.
   * @param from Start of the range, inclusive: `YYYY-MM-DD` or an ISO-8601 timestamp with offset (`Z` or `±HH:MM`). Default: the first of the current UTC month.
   * @param to End of the range, exclusive, later than `from`. Default: the first of the next UTC month.
   * @param subaccountId Only this subaccount's charges.
   * @summary Get message cost totals
   */
  @Get()
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('getMessageCosts')
  public async messageCosts(
    @Request() req: ExRequest,
    @Query() from?: Timestamp,
    @Query() to?: Timestamp,
    @Query() subaccountId?: ResourceId,
  ): Promise<MessageCostSummaryResource> {
    const principal = principalOf(req);
    const summary = await this.deps.clients.messaging.getMessageCosts(
      { accountId: principal.accountId, subaccountId, from, to },
      { principal },
    );
    return { ...toSummary(summary), ...toTotals(summary.total) };
  }

  /**
   * Totals per channel over the range.
   * @param from Start of the range, inclusive: `YYYY-MM-DD` or an ISO-8601 timestamp with offset (`Z` or `±HH:MM`). Default: the first of the current UTC month.
   * @param to End of the range, exclusive, later than `from`. Default: the first of the next UTC month.
   * @param subaccountId Only this subaccount's charges.
   * @summary Get message cost totals per channel
   */
  @Get('channels')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('getMessageCostsByChannel')
  public async messageCostsByChannel(
    @Request() req: ExRequest,
    @Query() from?: Timestamp,
    @Query() to?: Timestamp,
    @Query() subaccountId?: ResourceId,
  ): Promise<MessageCostsByChannelResource> {
    const principal = principalOf(req);
    const costs = await this.deps.clients.messaging.getMessageCostsByChannel(
      { accountId: principal.accountId, subaccountId, from, to },
      { principal },
    );
    return { ...toSummary(costs), ...toTotals(costs.total), items: costs.channels.map(toChannelCost) };
  }

  /**
   * One item per charge, newest first, paged.
   * @param from Start of the range, inclusive: `YYYY-MM-DD` or an ISO-8601 timestamp with offset (`Z` or `±HH:MM`). Default: the first of the current UTC month.
   * @param to End of the range, exclusive, later than `from`. Default: the first of the next UTC month.
   * @param subaccountId Only this subaccount's charges.
   * @param channelType Only this channel's charges.
   * @param pageSize 1 to 200, default 50.
   * @isInt pageSize
   * @minimum pageSize 1
   * @maximum pageSize 200
   * @param cursor `nextCursor` of the previous page.
   * @summary List message charges
   */
  @Get('detail')
  @Security('bearer')
  @Security('apiKey', ['ReadMessages'])
  @OperationId('listMessageCharges')
  public async messageCostDetail(
    @Request() req: ExRequest,
    @Query() from?: Timestamp,
    @Query() to?: Timestamp,
    @Query() subaccountId?: ResourceId,
    @Query() channelType?: QueryText,
    @Query() pageSize?: number,
    @Query() cursor?: Cursor,
  ): Promise<MessageChargePageResource> {
    const principal = principalOf(req);
    const page = await this.deps.clients.messaging.listMessageCharges(
      // 0 is "default" on the wire, so an explicit 0 travels as -1 to be refused.
      { accountId: principal.accountId, subaccountId, from, to, channelType, pageSize: pageSize === 0 ? -1 : (pageSize ?? 0), cursor },
      { principal },
    );
    return { from: page.from ?? '', to: page.to ?? '', currency: page.currency, items: page.items.map(toCharge), nextCursor: page.nextCursor ?? null };
  }
}
