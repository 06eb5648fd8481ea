import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is calling: a customer the gateway authenticated (`user`, `api_key`),
 * platform staff (`system`, signed only with a staff key), another service
 * acting on its own (`service`), or nobody yet (`anonymous`: sign-up, sign-in,
 * provider callbacks). It reaches a handler only inside a verified call token.
 */
export type PrincipalKind = 'user' | 'api_key' | 'system' | 'service' | 'anonymous';

export interface Principal {
  kind: PrincipalKind;
  /** The customer's account (`system`: the account staff act on); empty for `service` and `anonymous`. */
  accountId: string;
  userId?: string;
  apiKeyId?: string;
  role?: 'Admin' | 'Manager' | 'Member';
  subaccountId?: string;
  rights?: string[];
  /** `service` only: the calling service, which is also the token's issuer. */
  service?: string;
}

export const ANONYMOUS: Principal = Object.freeze({ kind: 'anonymous', accountId: '' });

/** What a gRPC handler knows about its call besides the request. */
export interface CallContext {
  /** Verified from the call token before the handler runs (always set on a served call). */
  principal?: Principal;
  /** Absolute deadline of the call; nested calls never outlive it. */
  deadline?: Date;
  method: string;
}

const storage = new AsyncLocalStorage<CallContext>();

export function runInCallContext<T>(ctx: CallContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentCallContext(): CallContext | undefined {
  return storage.getStore();
}

/** The principal of the current call; handlers that need one call this. */
export function requirePrincipal(ctx: CallContext | undefined = currentCallContext()): Principal {
  if (!ctx?.principal || ctx.principal.kind === 'anonymous') {
    // Not a user error: the method's declared access lets no anonymous caller in.
    throw new Error(`call to ${ctx?.method ?? 'unknown'} carries no principal`);
  }
  return ctx.principal;
}
