import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is calling, as the gateway authenticated them (proto common.v1.Principal). */
export interface Principal {
  kind: 'user' | 'api_key' | 'system';
  accountId: string;
  userId?: string;
  apiKeyId?: string;
  role?: 'Admin' | 'Manager' | 'Member';
  subaccountId?: string;
  rights?: string[];
}

/** What a gRPC handler knows about its call besides the request. */
export interface CallContext {
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
  if (!ctx?.principal) {
    // Not a user error: the gateway always sends one on authenticated routes.
    throw new Error(`call to ${ctx?.method ?? 'unknown'} carries no principal`);
  }
  return ctx.principal;
}
