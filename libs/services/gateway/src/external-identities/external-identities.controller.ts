import type { identityV1 } from '@mp/contracts';
import type { Request as ExRequest } from 'express';
import { Body, Get, Header, NoSecurity, OperationId, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import type { TokenResponse } from '../auth-routes/auth.models';
import { GatewayController } from '../common/gateway-controller';
import { orNull } from '../common/nullable';
import type { Problem } from '../common/problem.model';
import type { ExternalIdentityList, ExternalIdentityResource, ExternalLoginRequest, UnlinkRequest } from './external-identities.models';
import type { StepUpToken } from '../common/parameters';

const toResource = (i: identityV1.ExternalIdentity): ExternalIdentityResource => ({
  identityId: i.identityId,
  provider: i.provider,
  subject: i.subject,
  email: orNull(i.email),
  linkedAt: i.linkedAt ?? '',
  unlinkedAt: orNull(i.unlinkedAt),
});

/** Sign-in with an OpenID Connect issuer, and the identities linked to a user (spec 4.1, 5.3-5.5). */
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
@Response<Problem>(503, 'Service Unavailable')
export class ExternalIdentitiesController extends GatewayController {
  /**
   * Signs in with an id token of a configured issuer. A linked identity signs in as
   * its user; otherwise, when the issuer vouches for the email (`email_verified`), a
   * user with that verified email is linked (unless they unlinked this provider
   * before) or a new active account is created with the user as its Admin and no
   * password. Then the same answers as login: 401 `MFA_REQUIRED`,
   * 401 `MFA_ENROLLMENT_REQUIRED`, 403 `ACCOUNT_INACTIVE`/`USER_INACTIVE`.
   * A token that does not verify: 401 `INVALID_TOKEN` (`TOKEN_EXPIRED` when expired).
   * @summary Sign in with an external identity
   */
  @Post('auth/external-login')
  @NoSecurity()
  @OperationId('externalLogin')
  public async externalLogin(@Body() body: ExternalLoginRequest): Promise<TokenResponse> {
    return this.deps.clients.identity.externalLogin({ provider: body.provider, idToken: body.idToken });
  }

  /**
   * The external identities linked to the signed-in user, oldest first.
   * @summary List linked external identities
   */
  @Get('auth/identities')
  @Security('bearer')
  @OperationId('listExternalIdentities')
  public async listExternalIdentities(@Request() req: ExRequest): Promise<ExternalIdentityList> {
    const res = await this.deps.clients.identity.listExternalIdentities({}, { principal: principalOf(req) });
    return { items: res.items.map(toResource) };
  }

  /**
   * Unlinks the user's identity of a provider; needs a step-up token (X-Step-Up-Token)
   * for `UnlinkIdentity`, used up only when the unlink succeeds. A `password` in the
   * body is ignored. 409 `CONFLICT` when the identity is the user's only way to sign
   * in (no password and no other linked identity); 404 when none of that provider is linked.
   * @summary Unlink an external identity
   */
  @Post('auth/unlink')
  @Security('bearer')
  @OperationId('unlinkExternalIdentity')
  public async unlink(@Body() body: UnlinkRequest, @Request() req: ExRequest, @Header('X-Step-Up-Token') stepUpToken?: StepUpToken): Promise<ExternalIdentityResource> {
    const res = await this.deps.clients.identity.unlinkExternalIdentity({ provider: body.provider, stepUpToken: stepUpToken ?? '' }, { principal: principalOf(req) });
    return toResource(res);
  }
}
