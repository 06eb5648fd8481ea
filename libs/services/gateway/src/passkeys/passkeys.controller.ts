import type { identityV1 } from '@mp/contracts';
import type { Request as ExRequest } from 'express';
import { Body, Delete, Get, Header, NoSecurity, OperationId, Patch, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import { orNull } from '../common/nullable';
import type { ResourceId, StepUpToken } from '../common/parameters';
import type { Problem } from '../common/problem.model';
import type {
  CompletePasskeyRegistrationRequest,
  PasskeyList,
  PasskeyLoginOptionsRequest,
  PasskeyResource,
  PasskeyStepUpOptionsRequest,
  RenamePasskeyRequest,
  WebAuthnOptionsResource,
} from './passkeys.models';

const toResource = (p: identityV1.Passkey): PasskeyResource => ({ id: p.id, name: p.name, createdAt: p.createdAt ?? '', lastUsedAt: orNull(p.lastUsedAt) });
const toOptions = (o: identityV1.WebAuthnOptions): WebAuthnOptionsResource => JSON.parse(o.optionsJson) as WebAuthnOptionsResource;

/**
 * Passkeys (spec 4.1, 5.3): an additional second factor for users who already
 * have MFA on. Every route answers 422 INVALID_OPERATION "Passkeys are not
 * enabled in this environment." where WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS are
 * not configured, and 409 MFA_NOT_ENABLED to a user without MFA.
 */
@Route('v1')
@Tags('Passkeys')
@Response<Problem>(400, 'Bad Request (VALIDATION_FAILED, WEBAUTHN_VERIFICATION_FAILED)')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(409, 'Conflict (MFA_NOT_ENABLED)')
@Response<Problem>(422, 'INVALID_OPERATION where passkeys are not enabled')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class PasskeysController extends GatewayController {
  /**
   * The signed-in user's passkeys. 422 INVALID_OPERATION where passkeys are not enabled.
   * @summary List passkeys
   */
  @Get('auth/mfa/webauthn')
  @Security('bearer')
  @OperationId('listPasskeys')
  public async listPasskeys(@Request() req: ExRequest): Promise<PasskeyList> {
    const res = await this.deps.clients.identity.listPasskeys({}, { principal: principalOf(req) });
    return { items: res.items.map(toResource) };
  }

  /**
   * Options for navigator.credentials.create (valid 5 minutes). 422 INVALID_OPERATION where passkeys are not enabled.
   * @summary Get passkey registration options
   */
  @Post('auth/mfa/webauthn/register/options')
  @Security('bearer')
  @OperationId('getPasskeyRegistrationOptions')
  public async registrationOptions(@Request() req: ExRequest): Promise<WebAuthnOptionsResource> {
    return toOptions(await this.deps.clients.identity.startPasskeyRegistration({}, { principal: principalOf(req) }));
  }

  /**
   * Stores the created passkey; needs a step-up token for MfaManage (left usable when refused).
   * 400 WEBAUTHN_VERIFICATION_FAILED when it does not verify; 422 INVALID_OPERATION where passkeys are not enabled.
   * @summary Store a new passkey
   */
  @Post('auth/mfa/webauthn/register/complete')
  @Security('bearer')
  @SuccessResponse(201, 'Registered')
  @OperationId('completePasskeyRegistration')
  public async completeRegistration(
    @Body() body: CompletePasskeyRegistrationRequest,
    @Request() req: ExRequest,
    @Header('X-Step-Up-Token') stepUpToken?: StepUpToken,
  ): Promise<PasskeyResource> {
    const passkey = await this.deps.clients.identity.completePasskeyRegistration(
      { stepUpToken: stepUpToken ?? '', credentialJson: JSON.stringify(body.credential ?? ''), name: body.name },
      { principal: principalOf(req) },
    );
    this.setStatus(201);
    return toResource(passkey);
  }

  /**
   * Renames a passkey. 422 INVALID_OPERATION where passkeys are not enabled.
   * @summary Rename a passkey
   */
  @Patch('auth/mfa/webauthn/{id}')
  @Security('bearer')
  @OperationId('renamePasskey')
  public async rename(@Path() id: ResourceId, @Body() body: RenamePasskeyRequest, @Request() req: ExRequest): Promise<PasskeyResource> {
    return toResource(await this.deps.clients.identity.renamePasskey({ passkeyId: id, name: body.name }, { principal: principalOf(req) }));
  }

  /**
   * Removes a passkey; needs a step-up token for MfaManage. 422 INVALID_OPERATION where passkeys are not enabled.
   * @summary Remove a passkey
   */
  @Delete('auth/mfa/webauthn/{id}')
  @Security('bearer')
  @SuccessResponse(204, 'Removed')
  @OperationId('removePasskey')
  public async remove(@Path() id: ResourceId, @Request() req: ExRequest, @Header('X-Step-Up-Token') stepUpToken?: StepUpToken): Promise<void> {
    await this.deps.clients.identity.deletePasskey({ passkeyId: id, stepUpToken: stepUpToken ?? '' }, { principal: principalOf(req) });
    this.setStatus(204);
  }

  /**
   * Options for navigator.credentials.get in the second sign-in step, bound to the mfaToken;
   * then POST /v1/auth/login/mfa with method webauthn. 422 INVALID_OPERATION where passkeys are not enabled.
   * @summary Get passkey options for sign-in
   */
  @Post('auth/login/mfa/webauthn/options')
  @NoSecurity()
  @OperationId('getPasskeyLoginOptions')
  public async loginOptions(@Body() body: PasskeyLoginOptionsRequest): Promise<WebAuthnOptionsResource> {
    return toOptions(await this.deps.clients.identity.startPasskeyLogin({ mfaToken: body.mfaToken }));
  }

  /**
   * Options for navigator.credentials.get for a step-up for `action`; then POST /v1/auth/mfa/step-up
   * with method webauthn. 422 INVALID_OPERATION where passkeys are not enabled.
   * @summary Get passkey options for a step-up
   */
  @Post('auth/mfa/step-up/webauthn/options')
  @Security('bearer')
  @OperationId('getPasskeyStepUpOptions')
  public async stepUpOptions(@Body() body: PasskeyStepUpOptionsRequest, @Request() req: ExRequest): Promise<WebAuthnOptionsResource> {
    return toOptions(await this.deps.clients.identity.startPasskeyStepUp({ action: body.action }, { principal: principalOf(req) }));
  }
}
