import type { Request as ExRequest } from 'express';
import { Body, Get, OperationId, Path, Post, Put, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { quotaChange, toAccountResource, toSubaccountResource } from './accounts.mapper';
import type {
  AccountResource,
  CreateSubaccountRequest,
  SubaccountList,
  SubaccountResource,
  UpdateSubaccountRequest,
} from './accounts.models';

@Route('v1/accounts')
@Tags('Accounts and sign-in')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class AccountsController extends GatewayController {
  /**
   * The account. Another account's id answers 404.
   * @summary Get the account
   */
  @Get('{accountId}')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('getAccount')
  public async getAccount(@Path() accountId: ResourceId, @Request() req: ExRequest): Promise<AccountResource> {
    return toAccountResource(await this.deps.clients.identity.getAccount({ accountId }, { principal: principalOf(req) }));
  }

  /**
   * Creates a subaccount (Admin or Manager). A null quota is unlimited.
   * @summary Create a subaccount
   */
  @Post('{accountId}/subaccounts')
  @Security('bearer')
  @SuccessResponse(201, 'Created')
  @Response<Problem>(400, 'Bad Request')
  @OperationId('createSubaccount')
  public async createSubaccount(
    @Path() accountId: ResourceId,
    @Body() body: CreateSubaccountRequest,
    @Request() req: ExRequest,
  ): Promise<SubaccountResource> {
    const sub = await this.deps.clients.identity.createSubaccount(
      { accountId, name: body.name, dailyQuota: body.dailyQuota ?? undefined, monthlyQuota: body.monthlyQuota ?? undefined },
      { principal: principalOf(req) },
    );
    this.setStatus(201);
    return toSubaccountResource(sub);
  }

  /** @summary List subaccounts */
  @Get('{accountId}/subaccounts')
  @Security('bearer')
  @OperationId('listSubaccounts')
  public async listSubaccounts(@Path() accountId: ResourceId, @Request() req: ExRequest): Promise<SubaccountList> {
    const res = await this.deps.clients.identity.listSubaccounts({ accountId }, { principal: principalOf(req) });
    return { items: res.items.map(toSubaccountResource) };
  }

  /** @summary Get a subaccount */
  @Get('{accountId}/subaccounts/{subaccountId}')
  @Security('bearer')
  @OperationId('getSubaccount')
  public async getSubaccount(@Path() accountId: ResourceId, @Path() subaccountId: ResourceId, @Request() req: ExRequest): Promise<SubaccountResource> {
    return toSubaccountResource(
      await this.deps.clients.identity.getSubaccount({ accountId, subaccountId }, { principal: principalOf(req) }),
    );
  }

  /**
   * Changes name or quotas; a field left out keeps its value, null quota means unlimited.
   * @summary Update a subaccount
   */
  @Put('{accountId}/subaccounts/{subaccountId}')
  @Security('bearer')
  @Response<Problem>(400, 'Bad Request')
  @OperationId('updateSubaccount')
  public async updateSubaccount(
    @Path() accountId: ResourceId,
    @Path() subaccountId: ResourceId,
    @Body() body: UpdateSubaccountRequest,
    @Request() req: ExRequest,
  ): Promise<SubaccountResource> {
    const sub = await this.deps.clients.identity.updateSubaccount(
      {
        accountId,
        subaccountId,
        name: body.name,
        dailyQuota: quotaChange(body, 'dailyQuota', body.dailyQuota),
        monthlyQuota: quotaChange(body, 'monthlyQuota', body.monthlyQuota),
      },
      { principal: principalOf(req) },
    );
    return toSubaccountResource(sub);
  }
}
