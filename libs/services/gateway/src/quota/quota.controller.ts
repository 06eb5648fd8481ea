import type { messagingV1 } from '@mp/contracts';
import type { Request as ExRequest } from 'express';
import { Get, OperationId, Path, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import { orNull } from '../common/nullable';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';

/** One window of a quota. */
export interface QuotaWindowResource {
  /** Sends allowed in the window; null is unlimited. */
  limit: number | null;
  /** Accepted sends counted in the window (scheduled ones at acceptance). */
  used: number;
  /** null when unlimited. */
  remaining: number | null;
  /** When the window ends and the count starts again (UTC midnight, first of the month). */
  resetsAt: string;
}

/** Limits, use and remaining of a subaccount's daily and monthly quota. */
export interface SubaccountQuotaResource {
  subaccountId: string;
  daily: QuotaWindowResource;
  monthly: QuotaWindowResource;
}

const toWindow = (w: messagingV1.QuotaWindow | undefined): QuotaWindowResource => ({
  limit: orNull(w?.limit),
  used: w?.used ?? 0,
  remaining: orNull(w?.remaining),
  resetsAt: w?.resetsAt ?? '',
});

/** Remaining sending quota of a subaccount (spec 4.2). Both paths appear in the reference. */
@Route('v1')
@Tags('Quotas')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class QuotaController extends GatewayController {
  /**
   * Limits, use and remaining of a subaccount's daily and monthly quota. Any valid API key may read it.
   * @summary Get a subaccount's quota
   */
  @Get('quota/subaccounts/{subaccountId}')
  @Security('bearer')
  @Security('apiKey', [])
  @OperationId('getSubaccountQuota')
  public async subaccountQuota(@Path() subaccountId: ResourceId, @Request() req: ExRequest): Promise<SubaccountQuotaResource> {
    return this.quotaOf(subaccountId, req);
  }

  /**
   * The same, for a signed-in user.
   * @summary Get a subaccount's quota as a signed-in user
   */
  @Get('user/quota/subaccounts/{subaccountId}')
  @Security('bearer')
  @OperationId('getUserSubaccountQuota')
  public async userSubaccountQuota(@Path() subaccountId: ResourceId, @Request() req: ExRequest): Promise<SubaccountQuotaResource> {
    return this.quotaOf(subaccountId, req);
  }

  private async quotaOf(subaccountId: string, req: ExRequest): Promise<SubaccountQuotaResource> {
    const quota = await this.deps.clients.messaging.getSubaccountQuota({ subaccountId }, { principal: principalOf(req) });
    return { subaccountId: quota.subaccountId, daily: toWindow(quota.daily), monthly: toWindow(quota.monthly) };
  }
}
