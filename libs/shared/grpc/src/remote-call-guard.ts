import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Code that holds a database transaction must not call another service: on the embedded database
 * (one process-wide connection) the called service waits for that connection until the deadline,
 * and the caller waits for the callee. A guarded scope makes such a call fail at once instead,
 * naming the code that made it.
 */
const guard = new AsyncLocalStorage<{ owner: string }>();

export class RemoteCallForbiddenError extends Error {
  constructor(
    readonly owner: string,
    readonly method: string,
  ) {
    super(
      `${owner} called ${method} while holding a database transaction; ` +
        'call other services before the transaction (a consumer does it in prepare, not apply)',
    );
    this.name = 'RemoteCallForbiddenError';
  }
}

/** Runs fn with every gRPC client call (also from code it awaits) refused, naming owner. */
export function forbidRemoteCalls<T>(owner: string, fn: () => T): T {
  return guard.run({ owner }, fn);
}

/** Called at the start of every client call. */
export function assertRemoteCallAllowed(method: string): void {
  const scope = guard.getStore();
  if (scope) throw new RemoteCallForbiddenError(scope.owner, method);
}
