import type { identityV1 } from '@mp/contracts';
import type { Request as ExRequest } from 'express';
import { Body, Delete, Get, Header, NoSecurity, OperationId, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import type { TokenResponse } from '../auth-routes/auth.models';
import { GatewayController } from '../common/gateway-controller';
import type { Problem } from '../common/problem.model';
import type {
  EmailOtpIssued,
  EmailOtpIssueRequest,
  EmailOtpVerifyRequest,
  LoginMfaRequest,
  MfaStatusResource,
  RecoveryCodesResource,
  StepUpAction,
  StepUpRequest,
  StepUpTokenResource,
  TotpConfirmRequest,
  TotpSetupResource,
} from './mfa.models';
import type { StepUpToken } from '../common/parameters';

const toStepUp = (t: identityV1.StepUpToken): StepUpTokenResource => ({ stepUpToken: t.stepUpToken, action: t.action as StepUpAction, expiresAt: t.expiresAt ?? '' });

/** Multi-factor authentication and step-up (spec 4.1, 5.3, 5.4). */
@Route('v1')
@Tags('MFA and step-up')
@Response<Problem>(400, 'Bad Request')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(409, 'Conflict')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class MfaController extends GatewayController {
  /**
   * Second sign-in step after 401 MFA_REQUIRED: a code (totp, recovery_code) or a passkey
   * (webauthn, with `credential` answering POST /v1/auth/login/mfa/webauthn/options).
   * @summary Complete sign-in with a second factor
   */
  @Post('auth/login/mfa')
  @NoSecurity()
  @OperationId('loginWithMfa')
  public async loginMfa(@Body() body: LoginMfaRequest): Promise<TokenResponse> {
    if (body.method === 'webauthn' && body.credential !== undefined) {
      return this.deps.clients.identity.loginMfaWithPasskey({ mfaToken: body.mfaToken, credentialJson: JSON.stringify(body.credential) });
    }
    return this.deps.clients.identity.loginMfa({ mfaToken: body.mfaToken, method: body.method, code: body.code ?? '' });
  }

  /**
   * MFA status of the signed-in user.
   * @summary Get MFA status
   */
  @Get('auth/mfa')
  @Security('bearer')
  @OperationId('getMfaStatus')
  public async status(@Request() req: ExRequest): Promise<MfaStatusResource> {
    return this.deps.clients.identity.getMfaStatus({}, { principal: principalOf(req) });
  }

  /**
   * Starts authenticator setup; needs a step-up token for MfaManage.
   * @summary Start authenticator setup
   */
  @Post('auth/mfa/totp/setup')
  @Security('bearer')
  @OperationId('setupTotp')
  public async setupTotp(@Request() req: ExRequest, @Header('X-Step-Up-Token') stepUpToken?: StepUpToken): Promise<TotpSetupResource> {
    return this.deps.clients.identity.setupTotp({ stepUpToken: stepUpToken ?? '' }, { principal: principalOf(req) });
  }

  /**
   * Confirms the authenticator with a code: MFA is on, and the recovery codes are shown once.
   * @summary Confirm the authenticator
   */
  @Post('auth/mfa/totp/confirm')
  @Security('bearer')
  @OperationId('confirmTotp')
  public async confirmTotp(@Body() body: TotpConfirmRequest, @Request() req: ExRequest): Promise<RecoveryCodesResource> {
    return this.deps.clients.identity.confirmTotp({ code: body.code }, { principal: principalOf(req) });
  }

  /**
   * New recovery codes (the old ones stop working); needs a step-up token for MfaManage.
   * @summary Regenerate recovery codes
   */
  @Post('auth/mfa/recovery-codes')
  @Security('bearer')
  @OperationId('regenerateRecoveryCodes')
  public async regenerateRecoveryCodes(@Request() req: ExRequest, @Header('X-Step-Up-Token') stepUpToken?: StepUpToken): Promise<RecoveryCodesResource> {
    return this.deps.clients.identity.regenerateRecoveryCodes({ stepUpToken: stepUpToken ?? '' }, { principal: principalOf(req) });
  }

  /**
   * Turns MFA off (and removes passkeys); needs a step-up token for MfaManage.
   * @summary Turn MFA off
   */
  @Delete('auth/mfa')
  @Security('bearer')
  @OperationId('disableMfa')
  public async disable(@Request() req: ExRequest, @Header('X-Step-Up-Token') stepUpToken?: StepUpToken): Promise<MfaStatusResource> {
    return this.deps.clients.identity.disableMfa({ stepUpToken: stepUpToken ?? '' }, { principal: principalOf(req) });
  }

  /**
   * A single-use step-up token from an authenticator code, or from a passkey (method webauthn,
   * with `credential` answering POST /v1/auth/mfa/step-up/webauthn/options).
   * @summary Get a step-up token
   */
  @Post('auth/mfa/step-up')
  @Security('bearer')
  @OperationId('createStepUpToken')
  public async stepUp(@Body() body: StepUpRequest, @Request() req: ExRequest): Promise<StepUpTokenResource> {
    const principal = principalOf(req);
    if (body.method === 'webauthn') {
      const credentialJson = body.credential === undefined ? '' : JSON.stringify(body.credential);
      return toStepUp(await this.deps.clients.identity.stepUpWithPasskey({ action: body.action, credentialJson }, { principal }));
    }
    return toStepUp(await this.deps.clients.identity.stepUpWithAuthenticator({ action: body.action, code: body.code ?? '' }, { principal }));
  }

  /**
   * Emails a one-time code for a step-up (users without MFA; with MFA only for MfaManage).
   * @summary Email a one-time code for a step-up
   */
  @Post('email-otp/issue')
  @Security('bearer')
  @OperationId('issueEmailOtp')
  public async issueEmailOtp(@Request() req: ExRequest, @Body() body?: EmailOtpIssueRequest): Promise<EmailOtpIssued> {
    const res = await this.deps.clients.identity.issueEmailOtp({ action: body?.action }, { principal: principalOf(req) });
    return { action: res.action as StepUpAction, expiresAt: res.expiresAt ?? '' };
  }

  /**
   * Exchanges the emailed code for a step-up token.
   * @summary Exchange an emailed code for a step-up token
   */
  @Post('email-otp/verify')
  @Security('bearer')
  @OperationId('verifyEmailOtp')
  public async verifyEmailOtp(@Body() body: EmailOtpVerifyRequest, @Request() req: ExRequest): Promise<StepUpTokenResource> {
    return toStepUp(await this.deps.clients.identity.verifyEmailOtp(body, { principal: principalOf(req) }));
  }
}
