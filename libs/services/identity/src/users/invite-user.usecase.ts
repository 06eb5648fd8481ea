import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError, FieldErrors } from '@mp/problems';
import { emailExists, findAccount, insertUser, type UserRow } from '../accounts/accounts.repository';
import { toUser } from '../accounts/account.mapper';
import { emailAddressProblem, normaliseEmail } from '../accounts/email-address';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { invitationMail } from '../mail/mail-templates';
import { queueMail } from '../mail/outgoing-mail.repository';
import { currentUser } from '../mfa/current-user';
import { isUniqueViolation } from '../shared/db-errors';
import { newId } from '../shared/ids';
import { newSecretToken, sha256Hex } from '../shared/secret-token';
import { addSeconds } from '../shared/time';
import { parseRole, parseSubaccountOf } from './user-management';
import { insertInvitation } from './users.repository';

export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

const emailTaken = () => new DomainError('CONFLICT', 'A user with this email address already exists.');

/**
 * Creates an `invited` user (no password) and queues the invitation mail with
 * a single-use token (7 days, stored hashed), in one transaction.
 *
 * Admins invite any role, Managers only Members; a user limited to a
 * subaccount invites only into it (an invitation without a subaccount is
 * limited to the inviter's). An address that is already registered answers
 * CONFLICT: unlike registration this is not an enumeration oracle, since only
 * a signed-in Admin or Manager of an account can ask.
 */
export async function inviteUser(ctx: IdentityContext, principal: Principal, request: identityV1.InviteUserRequest): Promise<identityV1.User> {
  requireUser(principal);
  const token = newSecretToken();
  try {
    return await ctx.db.transaction(async (trx) => {
      const now = ctx.clock.now();
      const actor = await currentUser(trx, principal);
      if (actor.role !== 'Admin' && actor.role !== 'Manager') throw new DomainError('FORBIDDEN', 'Only an Admin or a Manager may invite users.');

      const errors = new FieldErrors();
      const email = normaliseEmail(request.email ?? '');
      if (email === '') errors.add('email', 'is required');
      else {
        const problem = emailAddressProblem(email);
        if (problem) errors.add('email', problem);
      }
      const role = parseRole(errors, request.role);
      const requestedSubaccount = (request.subaccountId ?? '').trim();
      const subaccountId = requestedSubaccount === '' ? undefined : await parseSubaccountOf(trx, errors, actor.account_id, requestedSubaccount);
      errors.throwIfAny();

      if (actor.role === 'Manager' && role !== 'Member') throw new DomainError('FORBIDDEN', 'A Manager may only invite Members.');
      const target = subaccountId ?? actor.subaccount_id;
      if (actor.subaccount_id && target !== actor.subaccount_id) {
        throw new DomainError('FORBIDDEN', 'You may only invite users into your own subaccount.');
      }
      if (await emailExists(trx, email)) throw emailTaken();

      const user: UserRow = {
        id: newId(),
        account_id: actor.account_id,
        email,
        password_hash: null,
        role: role!,
        subaccount_id: target ?? null,
        status: 'invited',
        mfa_enabled: false,
        email_verified_at: null,
        created_at: now,
      };
      await insertUser(trx, user);
      await insertInvitation(
        trx,
        { accountId: actor.account_id, userId: user.id, invitedByUserId: actor.id, tokenHash: sha256Hex(token), expiresAt: addSeconds(now, INVITATION_TTL_SECONDS) },
        now,
      );
      const account = await findAccount(trx, actor.account_id);
      const mail = invitationMail({
        to: email,
        token,
        organizationName: account?.organization_name ?? 'an account',
        role: user.role,
        publicBaseUrl: ctx.config.PUBLIC_BASE_URL,
        ttlSeconds: INVITATION_TTL_SECONDS,
      });
      await queueMail(trx, { ...mail, from: ctx.config.MAIL_FROM }, now);
      return toUser(user);
    });
  } catch (error) {
    // The unique index on users.email settles an invitation racing a registration or another invitation.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
