import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError, echo } from '@mp/problems';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { consumeStepUpToken } from '../step-up/step-up-tokens';
import { linkedIdentitiesOf, markUnlinked } from './external-identities.repository';
import { toExternalIdentity } from './external-identity.mapper';

/**
 * Spec 4.1 unlink: needs a step-up token for UnlinkIdentity, consumed only
 * when the unlink commits. There is no password in the request (changelog
 * 2026-10-06): the step-up is the proof. An identity that is the user's only
 * way in (no password, no other linked identity) stays: 409 CONFLICT.
 * The row is kept with unlinked_at, so the email rule never links it back.
 */
export async function unlinkExternalIdentity(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.UnlinkExternalIdentityRequest,
): Promise<identityV1.ExternalIdentity> {
  requireUser(principal);
  const provider = (request.provider ?? '').trim();
  if (provider === '') throw DomainError.validation({ provider: ['is required'] });
  return ctx.db.transaction(async (trx) => {
    const user = await currentUser(trx, principal);
    // Locked: two concurrent unlinks of a user's last two identities must not both pass the check below.
    const linked = await linkedIdentitiesOf(trx, user.id, { forUpdate: true });
    const identity = linked.find((i) => i.provider === provider);
    if (!identity) throw new DomainError('NOT_FOUND', `No ${echo(provider)} identity is linked to this user.`);
    if (!user.password_hash && linked.length === 1) {
      throw new DomainError(
        'CONFLICT',
        `The ${echo(provider)} identity is this user's only way to sign in (no password and no other linked identity); it cannot be unlinked.`,
        { reason: 'ONLY_SIGN_IN_METHOD' },
      );
    }
    await consumeStepUpToken(ctx, trx, { userId: user.id, action: 'UnlinkIdentity', token: request.stepUpToken });
    return toExternalIdentity(await markUnlinked(trx, identity.id, ctx.clock.now()));
  });
}
