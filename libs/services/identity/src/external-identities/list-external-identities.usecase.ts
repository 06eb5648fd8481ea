import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { linkedIdentitiesOf } from './external-identities.repository';
import { toExternalIdentity } from './external-identity.mapper';

/** The caller's linked identities, oldest first (a user token only). */
export async function listExternalIdentities(ctx: IdentityContext, principal: Principal): Promise<identityV1.ListExternalIdentitiesResponse> {
  const user = await currentUser(ctx.db, principal);
  return { items: (await linkedIdentitiesOf(ctx.db, user.id)).map(toExternalIdentity) };
}
