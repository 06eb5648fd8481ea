import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Request } from 'express';
import { gatewayDepsOf } from '../app/gateway-deps';
import { presentedCredential, type SchemeName } from './credential-resolver';

const SCHEME_LABEL: Record<SchemeName, string> = { bearer: 'Bearer', apiKey: 'ApiKey' };

type AuthState = { principal?: Promise<{ scheme: SchemeName; principal: Principal }> };

/**
 * tsoa's authentication module. tsoa calls it once per scheme an operation
 * accepts; the credential is resolved once per request and each call only
 * says whether that credential is of its scheme. `scopes` are the API key
 * rights the operation needs.
 */
export async function expressAuthentication(request: Request, securityName: string, scopes: string[] = []): Promise<Principal> {
  const scheme = securityName as SchemeName;
  const state = request as Request & { authState?: AuthState };
  state.authState ??= {};
  state.authState.principal ??= (async () => {
    const credential = presentedCredential(request.headers);
    if (!credential) {
      throw new DomainError('UNAUTHORIZED', 'Authentication is required: send "Authorization: Bearer <token>" or "X-Api-Key".', {
        authScheme: 'Bearer',
      });
    }
    const principal = await gatewayDepsOf(request).credentials.resolve(credential);
    return { scheme: credential.scheme, principal };
  })();
  const { scheme: presented, principal } = await state.authState.principal;
  if (presented !== scheme) {
    // Every API-key request meets this once: tsoa asks the Bearer scheme first.
    throw DomainError.expected('UNAUTHORIZED', `This operation does not accept ${SCHEME_LABEL[presented]} credentials.`, {
      authScheme: SCHEME_LABEL[scheme],
    });
  }
  if (principal.kind === 'api_key') {
    const missing = scopes.filter((right) => !principal.rights?.includes(right));
    if (missing.length > 0) {
      // tsoa reports the failure that came last: let the other scheme's
      // "not accepted" settle first so the caller learns what is really wrong.
      await new Promise((resolve) => setImmediate(resolve));
      throw new DomainError('FORBIDDEN', `This API key lacks the right ${missing.join(', ')}.`);
    }
  }
  return principal;
}
