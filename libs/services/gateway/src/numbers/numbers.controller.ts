import type { routingV1 } from '@mp/contracts';
import type { Request as ExRequest } from 'express';
import { Get, Request, Response, Route, Security, Tags } from 'tsoa';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import { orNull } from '../common/nullable';
import type { Problem } from '../common/problem.model';

export interface NumberResource {
  numberId: string;
  /** E.164 number for Sms and WhatsApp senders, null for an email sender. */
  phoneNumber: string | null;
  /** Sender address for Email, null for phone numbers. */
  emailAddress: string | null;
  channelTypes: string[];
  subaccountId: string | null;
  status: string;
  createdAt: string;
}

export interface NumberList {
  items: NumberResource[];
}

const toResource = (n: routingV1.PhoneNumber): NumberResource => {
  const isEmail = n.address.includes('@');
  return {
    numberId: n.numberId,
    phoneNumber: isEmail ? null : n.address,
    emailAddress: isEmail ? n.address : null,
    channelTypes: n.channelTypes,
    subaccountId: orNull(n.subaccountId),
    status: n.status,
    createdAt: n.createdAt ?? '',
  };
};

@Route('v1/numbers')
@Tags('Numbers')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class NumbersController extends GatewayController {
  /** The account's numbers and sender addresses. In sandbox one of each is provisioned at activation. */
  @Get()
  @Security('bearer')
  @Security('apiKey')
  public async listNumbers(@Request() req: ExRequest): Promise<NumberList> {
    const principal = principalOf(req);
    const res = await this.deps.clients.routing.listNumbers(
      { accountId: principal.accountId, subaccountId: principal.subaccountId },
      { principal },
    );
    return { items: res.items.map(toResource) };
  }
}
