import type { Request as ExRequest } from 'express';
import { Body, Delete, Get, OperationId, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import { toNumberResource } from './numbers.mapper';
import type { CreateNumberRequest, NumberList, NumberResource } from './numbers.models';

/**
 * Numbers and email sender addresses (DECISIONS Numbers). In sandbox every
 * activated account gets one Sms/WhatsApp number and one email sender
 * address; more are provisioned at once with POST. Listing takes any user or
 * key of the account; provisioning and releasing take an Admin or Manager, or
 * a key with `ManageRouting`.
 */
@Route('v1/numbers')
@Tags('Numbers')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden: a Member, or an API key without ManageRouting, changing numbers')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class NumbersController extends GatewayController {
  /**
   * The account's active numbers and sender addresses, oldest first (a caller
   * limited to a subaccount: its own and the account-level ones it sends from).
   * @summary List numbers
   */
  @Get()
  @Security('bearer')
  @Security('apiKey')
  @OperationId('listNumbers')
  public async listNumbers(@Request() req: ExRequest): Promise<NumberList> {
    const principal = principalOf(req);
    const res = await this.deps.clients.routing.listNumbers({ accountId: principal.accountId, subaccountId: principal.subaccountId }, { principal });
    return { items: res.items.map(toNumberResource) };
  }

  /**
   * Provisions a number (at once in sandbox) or, for `channelTypes: ["Email"]`,
   * an email sender address. Answers 201 with the number: `phoneNumber` in
   * E.164, or `emailAddress`. Outside sandbox `phoneNumber` is required and
   * the number is not ready for rotation pools until assigned to a 10DLC
   * campaign.
   * @summary Provision a number
   */
  @Post()
  @Security('bearer')
  @Security('apiKey', ['ManageRouting'])
  @SuccessResponse(201, 'Provisioned')
  @Response<Problem>(400, 'VALIDATION_FAILED naming each bad field (channelTypes, phoneNumber, countryCode)')
  @Response<Problem>(404, 'Not Found: the subaccount is not one of the account’s (or not the caller’s)')
  @Response<Problem>(409, 'CONFLICT: an active number already holds this phone number')
  @OperationId('createNumber')
  public async createNumber(@Body() body: CreateNumberRequest, @Request() req: ExRequest): Promise<NumberResource> {
    const principal = principalOf(req);
    const created = await this.deps.clients.routing.createNumber(
      { accountId: principal.accountId, subaccountId: body.subaccountId, phoneNumber: body.phoneNumber, countryCode: body.countryCode, channelTypes: body.channelTypes },
      { principal },
    );
    this.setStatus(201);
    return toNumberResource(created);
  }

  /**
   * Releases the number at once: it is gone from the list, no send uses it,
   * and an inbound message to it is no longer the account's. Its address can
   * be provisioned again. A number in a pool is 409 naming the pool: take it
   * out of the pool first.
   * @summary Release a number
   */
  @Delete('{numberId}')
  @Security('bearer')
  @Security('apiKey', ['ManageRouting'])
  @SuccessResponse(204, 'Released')
  @Response<Problem>(404, 'Not Found: no such active number in the account (or the caller’s subaccount)')
  @Response<Problem>(409, 'CONFLICT: the number is in a number pool (named in detail)')
  @OperationId('deleteNumber')
  public async deleteNumber(@Path() numberId: ResourceId, @Request() req: ExRequest): Promise<void> {
    const principal = principalOf(req);
    await this.deps.clients.routing.deleteNumber({ accountId: principal.accountId, numberId }, { principal });
    this.setStatus(204);
  }
}
