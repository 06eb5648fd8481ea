import type { CallContext } from './call-context';

/** The shape of a ts-proto `outputServices=grpc-js` service definition. */
export interface MethodDefinitionLike {
  path: string;
  requestStream: boolean;
  responseStream: boolean;
  requestSerialize(value: never): Buffer;
  requestDeserialize(value: Buffer): unknown;
  responseSerialize(value: never): Buffer;
  responseDeserialize(value: Buffer): unknown;
}
export type ServiceDefinitionLike = Record<string, MethodDefinitionLike>;

type RequestOf<M> = M extends { requestDeserialize(value: Buffer): infer R } ? R : never;
type ResponseOf<M> = M extends { responseDeserialize(value: Buffer): infer R } ? R : never;

/** Handlers written as async functions of (request, context). */
export type AsyncHandlers<D> = {
  [K in keyof D]: (request: RequestOf<D[K]>, ctx: CallContext) => Promise<ResponseOf<D[K]>>;
};

export interface CallOptions {
  /** Milliseconds from now; capped by the deadline of the call being served. */
  deadlineMs?: number;
  /** Whom the call is for; by default the customer of the call being served, if any. */
  principal?: import('./call-context').Principal;
  /** Present the calling service's own identity even while serving a customer (e.g. a due job run by a clock advance). */
  asService?: boolean;
}

/** A client whose methods return promises and reject with DomainError. */
export type AsyncClient<D> = {
  [K in keyof D]: (request: RequestOf<D[K]>, options?: CallOptions) => Promise<ResponseOf<D[K]>>;
} & { close(): void };
