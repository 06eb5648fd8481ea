import type { Request as ExRequest } from 'express';
import { Body, Get, NoSecurity, OperationId, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import { GatewayController } from '../common/gateway-controller';
import { orNull } from '../common/nullable';
import type { Problem } from '../common/problem.model';
import type {
  CurrentUser,
  LoginRequest,
  RefreshRequest,
  RegisterRequest,
  RegisterResponse,
  TokenResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from './auth.models';

@Route('v1')
@Tags('Accounts and sign-in')
@Response<Problem>(400, 'Bad Request')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class AuthController extends GatewayController {
  /**
   * Creates an account pending email verification; the registering user is its Admin.
   * @summary Register an account
   */
  @Post('register')
  @NoSecurity()
  @SuccessResponse(201, 'Created')
  @OperationId('register')
  public async register(@Body() body: RegisterRequest): Promise<RegisterResponse> {
    const res = await this.deps.clients.identity.register(body);
    this.setStatus(201);
    return { accountId: res.accountId, userId: res.userId, status: res.status };
  }

  /**
   * Activates the account with the token from the verification email.
   * @summary Verify the email address
   */
  @Post('auth/verify-email')
  @NoSecurity()
  @OperationId('verifyEmail')
  public async verifyEmail(@Body() body: VerifyEmailRequest): Promise<VerifyEmailResponse> {
    return this.deps.clients.identity.verifyEmail(body);
  }

  /**
   * Signs in; answers 403 ACCOUNT_INACTIVE until the email is verified.
   * @summary Sign in
   */
  @Post('auth/login')
  @NoSecurity()
  @OperationId('login')
  public async login(@Body() body: LoginRequest): Promise<TokenResponse> {
    return this.deps.clients.identity.login(body);
  }

  /**
   * Rotates the token pair; a refresh token used twice revokes its whole family (401 TOKEN_REVOKED).
   * @summary Refresh the token pair
   */
  @Post('auth/token/refresh')
  @NoSecurity()
  @OperationId('refreshTokens')
  public async refresh(@Body() body: RefreshRequest): Promise<TokenResponse> {
    return this.deps.clients.identity.refreshToken(body);
  }

  /**
   * The signed-in user, with their account id.
   * @summary Get the signed-in user
   */
  @Get('auth/me')
  @Security('bearer')
  @OperationId('getCurrentUser')
  public async me(@Request() req: ExRequest): Promise<CurrentUser> {
    const user = await this.deps.clients.identity.getMe({}, { principal: principalOf(req) });
    return { ...user, subaccountId: orNull(user.subaccountId), createdAt: user.createdAt ?? '' };
  }
}
