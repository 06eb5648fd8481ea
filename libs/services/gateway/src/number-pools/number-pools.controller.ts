import type { Request as ExRequest } from 'express';
import { Body, Delete, Get, OperationId, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toPoolResource } from './number-pools.mapper';
import type { CreateNumberPoolRequest, NumberPoolList, NumberPoolResource, UpdateNumberPoolRequest } from './number-pools.models';

/**
 * Number pools (spec 2.9, 4.5): spread a subaccount's (or the account's own)
 * sends over several numbers. Each send's number is picked by the pool's
 * strategy when the message is dispatched on a channel the pool serves; it
 * is the attempt's `fromAddress` in `channelHistory`, and replies to it link
 * back as to any number. Reading takes any user role or a key with
 * `ReadMessages` or `ManageRouting`; changing takes an Admin or Manager, or a
 * key with `ManageRouting`.
 */
@Route('v1/number-pools')
@Tags('Number pools')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden: the role or API-key right the operation needs is missing')
@Response<Problem>(404, 'Not Found: no such pool (or subaccount) in reach')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class NumberPoolsController extends GatewayController {
  private get routing() {
    return this.deps.clients.routing;
  }

  /**
   * Creates a pool. 400 names each bad field: an unknown strategy, no or
   * repeated numbers, ids that are no active number of the account, another
   * subaccount's numbers, and, for `RoundRobin` and `LeastUsed`, numbers not
   * ready to send. 409 names the pool in the way: a number already in a pool,
   * or a pool of the same subaccount (or account level) already serving one
   * of the channels.
   * @summary Create a number pool
   */
  @Post()
  @Security('bearer')
  @Security('apiKey', ['ManageRouting'])
  @SuccessResponse(201, 'Created')
  @Response<Problem>(400, 'VALIDATION_FAILED naming each bad field')
  @Response<Problem>(409, 'CONFLICT naming the pool that holds a number or serves a channel already')
  @OperationId('createNumberPool')
  public async createNumberPool(@Body() body: CreateNumberPoolRequest, @Request() req: ExRequest): Promise<NumberPoolResource> {
    const principal = principalOf(req);
    const created = await this.routing.createNumberPool(
      { accountId: principal.accountId, subaccountId: body.subaccountId, name: body.name, strategy: body.strategy, numberIds: body.numberIds },
      { principal },
    );
    this.setStatus(201);
    return toPoolResource(created);
  }

  /**
   * The account's pools, oldest first (a caller limited to a subaccount: its
   * subaccount's).
   * @param subaccountId only this subaccount's pools
   * @summary List number pools
   */
  @Get()
  @Security('bearer')
  @Security('apiKey')
  @OperationId('listNumberPools')
  public async listNumberPools(@Request() req: ExRequest, @Query() subaccountId?: ResourceId): Promise<NumberPoolList> {
    const principal = principalOf(req);
    const { items } = await this.routing.listNumberPools({ accountId: principal.accountId, subaccountId: subaccountId || undefined }, { principal });
    return { items: items.map(toPoolResource) };
  }

  /** @summary Get a number pool */
  @Get('{poolId}')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('getNumberPool')
  public async getNumberPool(@Path() poolId: ResourceId, @Request() req: ExRequest): Promise<NumberPoolResource> {
    const principal = principalOf(req);
    return toPoolResource(await this.routing.getNumberPool({ accountId: principal.accountId, poolId }, { principal }));
  }

  /**
   * Changes the name, strategy or numbers; a field left out keeps its value.
   * The pool is checked again as on create. Rotation carries on; a Sticky
   * recipient whose number left the pool gets the next one in rotation.
   * @summary Update a number pool
   */
  @Put('{poolId}')
  @Security('bearer')
  @Security('apiKey', ['ManageRouting'])
  @Response<Problem>(400, 'VALIDATION_FAILED naming each bad field')
  @Response<Problem>(409, 'CONFLICT naming the pool that holds a number or serves a channel already')
  @OperationId('updateNumberPool')
  public async updateNumberPool(@Path() poolId: ResourceId, @Body() body: UpdateNumberPoolRequest, @Request() req: ExRequest): Promise<NumberPoolResource> {
    const principal = principalOf(req);
    const updated = await this.routing.updateNumberPool(
      {
        accountId: principal.accountId,
        poolId,
        name: body.name,
        strategy: body.strategy,
        numberIds: body.numberIds === undefined ? undefined : { numberIds: body.numberIds },
      },
      { principal },
    );
    return toPoolResource(updated);
  }

  /**
   * Deletes the pool; its numbers stay, and its scope's sends use them as
   * without a pool.
   * @summary Delete a number pool
   */
  @Delete('{poolId}')
  @Security('bearer')
  @Security('apiKey', ['ManageRouting'])
  @SuccessResponse(204, 'Deleted')
  @OperationId('deleteNumberPool')
  public async deleteNumberPool(@Path() poolId: ResourceId, @Request() req: ExRequest): Promise<void> {
    const principal = principalOf(req);
    await this.routing.deleteNumberPool({ accountId: principal.accountId, poolId }, { principal });
    this.setStatus(204);
  }
}
