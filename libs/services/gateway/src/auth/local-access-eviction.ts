import type { CallOptions } from '@mp/grpc';
import type { ServiceClients } from '@mp/service-host';
import type { ApiKeyPrincipalCache } from './api-key-principal-cache';

type IdentityClient = ServiceClients['identity'];

/**
 * The gateway's clients, with one difference: once identity has revoked,
 * deleted or changed a key through this gateway, this replica's cache drops
 * the key's principal before the answer goes back. The customer's next
 * request then sees the change at once; AccessChanged (the event identity
 * published in the same transaction) brings it to every other replica.
 */
export function withLocalAccessEviction(clients: ServiceClients, cache: ApiKeyPrincipalCache): ServiceClients {
  const wrappers = new WeakMap<IdentityClient, IdentityClient>();
  const evict = (apiKeyId: string, options: CallOptions | undefined) => {
    const accountId = options?.principal?.accountId;
    if (accountId) cache.evictApiKey(accountId, apiKeyId);
    else cache.clear();
  };
  const identityOf = (inner: IdentityClient): IdentityClient => {
    let wrapped = wrappers.get(inner);
    if (!wrapped) {
      const revokeApiKey: IdentityClient['revokeApiKey'] = async (request, options) => {
        const answer = await inner.revokeApiKey(request, options);
        evict(request.apiKeyId, options);
        return answer;
      };
      const updateApiKey: IdentityClient['updateApiKey'] = async (request, options) => {
        const answer = await inner.updateApiKey(request, options);
        evict(request.apiKeyId, options);
        return answer;
      };
      wrapped = Object.create(inner, { revokeApiKey: { value: revokeApiKey }, updateApiKey: { value: updateApiKey } }) as IdentityClient;
      wrappers.set(inner, wrapped);
    }
    return wrapped;
  };
  // Every other client (and as/admin/close) is the original's, read through the prototype.
  const view = Object.create(clients) as ServiceClients;
  Object.defineProperty(view, 'identity', { enumerable: true, get: () => identityOf(clients.identity) });
  return view;
}
