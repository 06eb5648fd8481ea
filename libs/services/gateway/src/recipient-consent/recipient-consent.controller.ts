import type { Request as ExRequest } from 'express';
import { Body, Get, OperationId, Path, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import type { Cursor, QueryInteger, QueryText, ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import * as consent from './recipient-consent.operations';
import type {
  OptInRecordList,
  OptInRecordRequest,
  OptInRecordResource,
  OptInRequest,
  OptInResult,
  OptOutList,
  OptOutResource,
  RecipientPreferencesResource,
  RecordOptOutRequest,
} from './recipient-consent.models';

const CONSENT_WARNING = 'recipient is still opted out; evidence never lifts an opt-out (use opt-in)';

/**
 * Recipient consent (spec 2.7, 4.7) on two bases with the same sub-paths:
 * `/v1/subaccounts/{subaccountId}/recipient-consent` and
 * `/v1/accounts/{accountId}/recipient-consent`. Reading takes any user role
 * or an API key with `ReadRecipientConsent` or `ManageRecipientConsent`;
 * changing takes an Admin or Manager or a key with `ManageRecipientConsent`
 * (403 otherwise). A route the caller cannot reach (another subaccount, or
 * the account base for a caller limited to a subaccount) is 404.
 */
@Route('v1')
@Tags('Recipient consent')
@Response<Problem>(400, 'VALIDATION_FAILED naming each bad field; RECIPIENT_OPT_OUT_SCOPE_REQUIRED on an account route without scope')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden: the role or API-key right the operation needs is missing')
@Response<Problem>(404, 'Not Found: the route is not reachable for the caller')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class RecipientConsentController extends GatewayController {
  private sub(req: ExRequest, subaccountId: string): consent.ConsentCall {
    const principal = principalOf(req);
    return { deps: this.deps, principal, route: { accountId: principal.accountId, subaccountId, subaccountRoute: true } };
  }

  private account(req: ExRequest, accountId: string): consent.ConsentCall {
    return { deps: this.deps, principal: principalOf(req), route: { accountId, subaccountRoute: false } };
  }

  private async recorded(call: consent.ConsentCall, body: RecordOptOutRequest): Promise<OptOutResource> {
    const res = await consent.recordOptOut(call, body);
    this.setStatus(res.created ? 201 : 200);
    return res.optOut;
  }

  private async evidence(call: consent.ConsentCall, body: OptInRecordRequest): Promise<OptInRecordResource> {
    const res = await consent.createOptInRecord(call, body);
    if (res.stillOptedOut) this.setHeader('X-Consent-Warning', CONSENT_WARNING);
    this.setStatus(201);
    return res.record;
  }

  /** Records an opt-out for this subaccount (scope `subaccount`): it blocks this subaccount and account-level sending. 200 when already recorded.
   * @summary Record a subaccount opt-out
   */
  @Post('subaccounts/{subaccountId}/recipient-consent/opt-out')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(201, 'Recorded (200: it was already in force; nothing changed)')
  @Response<OptOutResource>(200, 'Already in force: the opt-out as it stands; nothing changed')
  @OperationId('recordSubaccountOptOut')
  public async recordSubaccountOptOut(@Path() subaccountId: ResourceId, @Body() body: RecordOptOutRequest, @Request() req: ExRequest): Promise<OptOutResource> {
    return this.recorded(this.sub(req, subaccountId), body);
  }

  /** Records an account opt-out with `scope` `accountLevelOnly` or `entireAccount` (required). 200 when already recorded.
   * @summary Record an account opt-out
   */
  @Post('accounts/{accountId}/recipient-consent/opt-out')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(201, 'Recorded (200: it was already in force; nothing changed)')
  @Response<OptOutResource>(200, 'Already in force: the opt-out as it stands; nothing changed')
  @OperationId('recordAccountOptOut')
  public async recordAccountOptOut(@Path() accountId: ResourceId, @Body() body: RecordOptOutRequest, @Request() req: ExRequest): Promise<OptOutResource> {
    return this.recorded(this.account(req, accountId), body);
  }

  /**
   * Re-subscribes a recipient with evidence, which is written to the audit
   * log before the opt-out is lifted. 409 `RECIPIENT_OPT_OUT_NOT_LIFTABLE`
   * for a STOP reply or a removal made through support, 409
   * `RECIPIENT_NOT_OPTED_OUT` when nothing is to lift.
   * @summary Re-subscribe a recipient (subaccount)
   */
  @Post('subaccounts/{subaccountId}/recipient-consent/opt-in')
  @Security('bearer')
  @Security('apiKey')
  @Response<Problem>(409, 'RECIPIENT_OPT_OUT_NOT_LIFTABLE or RECIPIENT_NOT_OPTED_OUT; nothing was written')
  @OperationId('optInSubaccountRecipient')
  public async subaccountOptIn(@Path() subaccountId: ResourceId, @Body() body: OptInRequest, @Request() req: ExRequest): Promise<OptInResult> {
    return consent.optIn(this.sub(req, subaccountId), body);
  }

  /** Re-subscribes at account level (`scope` picks which opt-out; by default every account-level one).
   * @summary Re-subscribe a recipient (account)
   */
  @Post('accounts/{accountId}/recipient-consent/opt-in')
  @Security('bearer')
  @Security('apiKey')
  @Response<Problem>(409, 'RECIPIENT_OPT_OUT_NOT_LIFTABLE or RECIPIENT_NOT_OPTED_OUT; nothing was written')
  @OperationId('optInAccountRecipient')
  public async accountOptIn(@Path() accountId: ResourceId, @Body() body: OptInRequest, @Request() req: ExRequest): Promise<OptInResult> {
    return consent.optIn(this.account(req, accountId), body);
  }

  /**
   * The subaccount's opt-outs, newest first.
   * @param pageSize 1 to 200, default 50
   * @summary List the subaccount's opt-outs
   */
  @Get('subaccounts/{subaccountId}/recipient-consent/opt-outs')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('listSubaccountOptOuts')
  public async listSubaccountOptOuts(
    @Path() subaccountId: ResourceId,
    @Request() req: ExRequest,
    @Query() recipient?: QueryText,
    @Query() channelType?: QueryText,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<OptOutList> {
    return consent.listOptOuts(this.sub(req, subaccountId), { recipient, channelType, pageSize, cursor });
  }

  /**
   * Every opt-out of the account, newest first, each with its `scope` and `subaccountId`.
   * @param pageSize 1 to 200, default 50
   * @summary List the account's opt-outs
   */
  @Get('accounts/{accountId}/recipient-consent/opt-outs')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('listAccountOptOuts')
  public async listAccountOptOuts(
    @Path() accountId: ResourceId,
    @Request() req: ExRequest,
    @Query() recipient?: QueryText,
    @Query() channelType?: QueryText,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<OptOutList> {
    return consent.listOptOuts(this.account(req, accountId), { recipient, channelType, pageSize, cursor });
  }

  /** One recipient's status per channel for sending through this subaccount, what blocks it and the ledger entry that decided.
   * @summary A recipient's consent per channel (subaccount)
   */
  @Get('subaccounts/{subaccountId}/recipient-consent/preferences')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('getSubaccountRecipientPreferences')
  public async subaccountPreferences(@Path() subaccountId: ResourceId, @Request() req: ExRequest, @Query() recipient?: QueryText): Promise<RecipientPreferencesResource> {
    return consent.preferences(this.sub(req, subaccountId), recipient);
  }

  /** One recipient's status per channel for account-level sending, what blocks it and the ledger entry that decided.
   * @summary A recipient's consent per channel (account)
   */
  @Get('accounts/{accountId}/recipient-consent/preferences')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('getAccountRecipientPreferences')
  public async accountPreferences(@Path() accountId: ResourceId, @Request() req: ExRequest, @Query() recipient?: QueryText): Promise<RecipientPreferencesResource> {
    return consent.preferences(this.account(req, accountId), recipient);
  }

  /**
   * Stores one consent evidence record. It never lifts an opt-out: while the
   * number is still opted out the answer carries `X-Consent-Warning`.
   * @summary Store consent evidence (subaccount)
   */
  @Post('subaccounts/{subaccountId}/recipient-consent/opt-in-records')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(201, 'Stored (X-Consent-Warning when the number is still opted out)')
  @OperationId('createSubaccountOptInRecord')
  public async createSubaccountOptInRecord(@Path() subaccountId: ResourceId, @Body() body: OptInRecordRequest, @Request() req: ExRequest): Promise<OptInRecordResource> {
    return this.evidence(this.sub(req, subaccountId), body);
  }

  /** Stores one consent evidence record at account level (see the subaccount route).
   * @summary Store consent evidence (account)
   */
  @Post('accounts/{accountId}/recipient-consent/opt-in-records')
  @Security('bearer')
  @Security('apiKey')
  @SuccessResponse(201, 'Stored (X-Consent-Warning when the number is still opted out)')
  @OperationId('createAccountOptInRecord')
  public async createAccountOptInRecord(@Path() accountId: ResourceId, @Body() body: OptInRecordRequest, @Request() req: ExRequest): Promise<OptInRecordResource> {
    return this.evidence(this.account(req, accountId), body);
  }

  /**
   * The subaccount's evidence records, newest first.
   * @param phone_number only this number's
   * @param pageSize 1 to 200, default 50
   * @summary List the subaccount's consent evidence
   */
  @Get('subaccounts/{subaccountId}/recipient-consent/opt-in-records')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('listSubaccountOptInRecords')
  public async listSubaccountOptInRecords(
    @Path() subaccountId: ResourceId,
    @Request() req: ExRequest,
    @Query() phone_number?: QueryText,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<OptInRecordList> {
    return consent.listOptInRecords(this.sub(req, subaccountId), { phoneNumber: phone_number, pageSize, cursor });
  }

  /**
   * The account's evidence records, newest first.
   * @param phone_number only this number's
   * @param pageSize 1 to 200, default 50
   * @summary List the account's consent evidence
   */
  @Get('accounts/{accountId}/recipient-consent/opt-in-records')
  @Security('bearer')
  @Security('apiKey')
  @OperationId('listAccountOptInRecords')
  public async listAccountOptInRecords(
    @Path() accountId: ResourceId,
    @Request() req: ExRequest,
    @Query() phone_number?: QueryText,
    @Query() pageSize?: QueryInteger,
    @Query() cursor?: Cursor,
  ): Promise<OptInRecordList> {
    return consent.listOptInRecords(this.account(req, accountId), { phoneNumber: phone_number, pageSize, cursor });
  }
}
