import { DomainError } from '@mp/problems';

/** The DomainError a call was refused with; fails the test when it succeeded or threw something else. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}
