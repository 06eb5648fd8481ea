import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Code that holds a database transaction must not call another service: on the embedded database
 * (one connection per process) the called service waits for that connection until the deadline,
 * and the caller waits for the callee. A guarded scope makes such a call fail at once instead,
 * naming the code that made it.
 */
interface Scope {
  owner: string;
  /** False once the guarded function has settled: continuations it left behind may call again. */
  active: boolean;
  parent?: Scope;
}

const guard = new AsyncLocalStorage<Scope>();

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
export async function forbidRemoteCalls<T>(owner: string, fn: () => Promise<T>): Promise<T> {
  const scope: Scope = { owner, active: true, parent: guard.getStore() };
  try {
    return await guard.run(scope, fn);
  } finally {
    scope.active = false;
  }
}

/** Called at the start of every client call: throws naming the innermost guarded scope still running. */
export function assertRemoteCallAllowed(method: string): void {
  for (let scope = guard.getStore(); scope; scope = scope.parent) {
    if (scope.active) throw new RemoteCallForbiddenError(scope.owner, method);
  }
}
