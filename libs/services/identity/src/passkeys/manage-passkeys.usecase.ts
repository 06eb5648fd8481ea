import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { isUuid } from '../shared/ids';
import { consumeStepUpToken } from '../step-up/step-up-tokens';
import { toPasskey } from './passkey.mapper';
import { parsePasskeyName } from './passkey-name';
import { requireMfaOn } from './passkey-registration.usecase';
import { deletePasskey, findPasskey, passkeysOf, renamePasskey, type PasskeyRow } from './passkeys.repository';
import { requireRelyingParty } from './relying-party';

/** One passkey of the user; another user's passkey is as unknown as a missing one. */
async function passkeyOfUser(db: Knex, userId: string, passkeyId: string | undefined): Promise<PasskeyRow> {
  const id = (passkeyId ?? '').trim();
  const passkey = isUuid(id) ? await findPasskey(db, userId, id) : undefined;
  if (!passkey) throw DomainError.notFound('Passkey');
  return passkey;
}

export async function listPasskeys(ctx: IdentityContext, principal: Principal): Promise<identityV1.ListPasskeysResponse> {
  requireUser(principal);
  requireRelyingParty(ctx.config);
  const user = await currentUser(ctx.db, principal);
  return { items: (await passkeysOf(ctx.db, user.id)).map(toPasskey) };
}

export async function renamePasskeyOf(ctx: IdentityContext, principal: Principal, request: identityV1.RenamePasskeyRequest): Promise<identityV1.Passkey> {
  requireUser(principal);
  requireRelyingParty(ctx.config);
  const name = parsePasskeyName(request.name);
  return ctx.db.transaction(async (trx) => {
    const user = await currentUser(trx, principal);
    requireMfaOn(user);
    const passkey = await passkeyOfUser(trx, user.id, request.passkeyId);
    return toPasskey(await renamePasskey(trx, passkey.id, name));
  });
}

/** Removes one passkey (needs an MfaManage step-up); the authenticator and recovery codes stay. */
export async function deletePasskeyOf(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.DeletePasskeyRequest,
): Promise<identityV1.DeletePasskeyResponse> {
  requireUser(principal);
  requireRelyingParty(ctx.config);
  return ctx.db.transaction(async (trx) => {
    const user = await currentUser(trx, principal);
    // Checked before the step-up, so a refusal leaves the token usable.
    requireMfaOn(user);
    const passkey = await passkeyOfUser(trx, user.id, request.passkeyId);
    await consumeStepUpToken(ctx, trx, { userId: user.id, action: 'MfaManage', token: request.stepUpToken });
    await deletePasskey(trx, passkey.id);
    return {};
  });
}
