import type { identityV1 } from '@mp/contracts';
import type { Request as ExRequest } from 'express';
import { Body, Get, NoSecurity, OperationId, Path, Post, Put, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { principalOf } from '../app/request-context';
import type { CurrentUser, TokenResponse } from '../auth-routes/auth.models';
import { GatewayController } from '../common/gateway-controller';
import { orNull } from '../common/nullable';
import type { ResourceId } from '../common/parameters';
import type { Problem } from '../common/problem.model';

/** A user's role in the account: `Admin`, `Manager` or `Member`. */
export type Role = 'Admin' | 'Manager' | 'Member';

/** An invitation of a user by email. */
export interface InviteUserRequest {
  /** @maxLength 254 */
  email: string;
  role: Role;
  /**
   * Limits the user to one subaccount.
   * @maxLength 64
   */
  subaccountId?: string;
}

/** A change of a user's role or subaccount limit; a field left out keeps its value. */
export interface UpdateUserRequest {
  role?: Role;
  /**
   * A subaccount id to limit the user to it, or null for the whole account.
   * @maxLength 64
   */
  subaccountId?: string | null;
}

/** The invitation token and the new user's password. */
export interface AcceptInvitationRequest {
  /**
   * From the invitation email.
   * @maxLength 512
   */
  token: string;
  /**
   * 8 to 256 characters.
   * @maxLength 256
   */
  password: string;
}

/** The account's users. */
export interface UserList {
  items: CurrentUser[];
}

const toUser = (u: identityV1.User): CurrentUser => ({ ...u, subaccountId: orNull(u.subaccountId), createdAt: u.createdAt ?? '' });

/** The account's users and roles. */
@Route('v1')
@Tags('Users and roles')
@Response<Problem>(400, 'Bad Request')
@Response<Problem>(401, 'Unauthorized')
@Response<Problem>(403, 'Forbidden')
@Response<Problem>(404, 'Not Found')
@Response<Problem>(409, 'Conflict')
@Response<Problem>(422, 'Validation Error')
@Response<Problem>(429, 'Too Many Requests')
@Response<Problem>(500, 'Internal Server Error')
export class UsersController extends GatewayController {
  /**
   * Users of the account, with `mfaEnabled`.
   * @summary List users
   */
  @Get('account/users')
  @Security('bearer')
  @OperationId('listUsers')
  public async listUsers(@Request() req: ExRequest): Promise<UserList> {
    const res = await this.deps.clients.identity.listUsers({}, { principal: principalOf(req) });
    return { items: res.items.map(toUser) };
  }

  /**
   * Invites a user by email (Admin; a Manager may invite Members).
   * @summary Invite a user
   */
  @Post('account/users')
  @Security('bearer')
  @SuccessResponse(201, 'Invited')
  @OperationId('inviteUser')
  public async invite(@Body() body: InviteUserRequest, @Request() req: ExRequest): Promise<CurrentUser> {
    const user = await this.deps.clients.identity.inviteUser(body, { principal: principalOf(req) });
    this.setStatus(201);
    return toUser(user);
  }

  /**
   * Changes a user's role or subaccount limit (Admin).
   * @summary Change a user's role or subaccount limit
   */
  @Put('account/users/{userId}')
  @Security('bearer')
  @OperationId('updateUser')
  public async updateUser(@Path() userId: ResourceId, @Body() body: UpdateUserRequest, @Request() req: ExRequest): Promise<CurrentUser> {
    const user = await this.deps.clients.identity.updateUser(
      { userId, role: body.role, subaccount: 'subaccountId' in body ? { subaccountId: body.subaccountId ?? undefined } : undefined },
      { principal: principalOf(req) },
    );
    return toUser(user);
  }

  /**
   * Deactivates a user (Admin): their sessions end and they cannot sign in (USER_INACTIVE).
   * @summary Deactivate a user
   */
  @Post('account/users/{userId}/deactivate')
  @Security('bearer')
  @OperationId('deactivateUser')
  public async deactivate(@Path() userId: ResourceId, @Request() req: ExRequest): Promise<CurrentUser> {
    return toUser(await this.deps.clients.identity.deactivateUser({ userId }, { principal: principalOf(req) }));
  }

  /**
   * Accepts an invitation: sets the password and signs in (or asks for MFA enrollment).
   * @summary Accept an invitation
   */
  @Post('auth/accept-invitation')
  @NoSecurity()
  @OperationId('acceptInvitation')
  public async accept(@Body() body: AcceptInvitationRequest): Promise<TokenResponse> {
    return this.deps.clients.identity.acceptInvitation(body);
  }
}
