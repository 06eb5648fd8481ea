import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Marks the code running inside a transaction on the embedded database. That database has one
 * connection per process, so a query from this code that does not go through the transaction
 * (`db` instead of `trx`, or a new top-level transaction) can only get the connection after the
 * transaction ends, which waits for that very query: it would hang until the acquire timeout.
 */
interface HeldConnection {
  owner: object;
  open: boolean;
}

const held = new AsyncLocalStorage<HeldConnection>();

/** Runs fn as the body of a transaction holding owner's connection; the mark ends with fn. */
export async function whileConnectionHeld<T>(owner: object, fn: () => Promise<T>): Promise<T> {
  const mark: HeldConnection = { owner, open: true };
  // Continuations created inside fn (e.g. on trx.executionPromise) keep the mark but see it closed.
  return held.run(mark, async () => {
    try {
      return await fn();
    } finally {
      mark.open = false;
    }
  });
}

/** Throws at once when the caller is inside a transaction that holds owner's only connection. */
export function assertConnectionNotHeld(owner: object, schema: string): void {
  const mark = held.getStore();
  if (mark?.open && mark.owner === owner) {
    throw new Error(
      `Query outside the open transaction on the embedded database (schema "${schema}"): the transaction holds ` +
        'the single connection, so this would wait for itself. Run it through the transaction (trx), or before or after it.',
    );
  }
}
