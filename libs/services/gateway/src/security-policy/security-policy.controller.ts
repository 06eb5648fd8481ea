import type { identityV1 } from '@mp/contracts';
import type { Request as ExRequest } from 'express';
import { Body, Get, Header, NoSecurity, OperationId, Path, Post, Put, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import type { TokenResponse } from '../auth-routes/auth.models';
import { GatewayController } from '../common/gateway-controller';
import type { ResourceId, StepUpToken } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import type { TotpSetupResource } from '../mfa/mfa.models';

/** The account's security policy. */
export interface SecurityPolicyResource {
  accountId: string;
  /** Every user of the account and its subaccounts must use MFA. */
  requireMfa: boolean;
  updatedAt: string | null;
}

/** A change of the account's security policy. */
export interface SecurityPolicyUpdate {
  requireMfa: boolean;
}

/** The enrollment token from 401 MFA_ENROLLMENT_REQUIRED. */
export interface EnrollmentSetupRequest {
  /**
   * From the 401 MFA_ENROLLMENT_REQUIRED answer.
   * @maxLength 512
   */
  enrollmentToken: string;
}

/** The enrollment token and a code from the new authenticator. */
export interface EnrollmentConfirmRequest {
  /** @maxLength 512 */
  enrollmentToken: string;
  /** @maxLength 64 */
  code: string;
}

/** The tokens of the now signed-in user and their recovery codes, shown once. */
export interface EnrollmentCompletedResource extends TokenResponse {
  /** Single-use codes, shown only in this response. */
  recoveryCodes: string[];
}

const toResource = (p: identityV1.SecurityPolicy): SecurityPolicyResource => ({
  accountId: p.accountId,
  requireMfa: p.requireMfa,
  updatedAt: p.updatedAt ?? null,
});

/** The account's security policy and the MFA enrollment it can require (spec 2.9, 5.5). */
@Route('v1')
@Tags('Accounts and sign-in')
@Response<Problem>(400, 'Bad Request')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(409, 'Conflict')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class SecurityPolicyController extends GatewayController {
  /**
   * Signed-in users only: API keys are for sending and reading messages, not account security.
   * @summary Get the account's security policy
   */
  @Get('accounts/{accountId}/security-policy')
  @Security('bearer')
  @OperationId('getSecurityPolicy')
  public async get(@Path() accountId: ResourceId, @Request() req: ExRequest): Promise<SecurityPolicyResource> {
    return toResource(await this.deps.clients.identity.getSecurityPolicy({ accountId }, { principal: principalOf(req) }));
  }

  /**
   * Needs an Admin with MFA on and a step-up token (X-Step-Up-Token) for AccountSecurityPolicy.
   * @summary Update the account's security policy
   */
  @Put('accounts/{accountId}/security-policy')
  @Security('bearer')
  @OperationId('updateSecurityPolicy')
  public async updateSecurityPolicy(
    @Path() accountId: ResourceId,
    @Body() body: SecurityPolicyUpdate,
    @Request() req: ExRequest,
    @Header('X-Step-Up-Token') stepUpToken?: StepUpToken,
  ): Promise<SecurityPolicyResource> {
    return toResource(
      await this.deps.clients.identity.updateSecurityPolicy(
        { accountId, requireMfa: body.requireMfa, stepUpToken: stepUpToken ?? '' },
        { principal: principalOf(req) },
      ),
    );
  }

  /**
   * Enrollment when the account requires MFA: starts authenticator setup with the enrollment token.
   * @summary Start MFA enrollment at sign-in
   */
  @Post('auth/login/mfa/enroll/setup')
  @NoSecurity()
  @OperationId('startMfaEnrollment')
  public async enrollSetup(@Body() body: EnrollmentSetupRequest): Promise<TotpSetupResource> {
    return this.deps.clients.identity.enrollMfaSetup(body);
  }

  /**
   * Confirms the authenticator, signs the user in and shows the recovery codes once.
   * @summary Confirm MFA enrollment at sign-in
   */
  @Post('auth/login/mfa/enroll/confirm')
  @NoSecurity()
  @OperationId('confirmMfaEnrollment')
  public async enrollConfirm(@Body() body: EnrollmentConfirmRequest): Promise<EnrollmentCompletedResource> {
    const res = await this.deps.clients.identity.enrollMfaConfirm(body);
    return { ...res.tokens!, recoveryCodes: res.recoveryCodes };
  }
}
