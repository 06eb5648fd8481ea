import { credentials, makeGenericClientConstructor, Metadata, type ServiceError, type ServiceDefinition } from '@grpc/grpc-js';
import { currentTraceparent, SpanKind, withSpan } from '@mp/telemetry';
import { currentCallContext, type Principal } from './call-context';
import { CALL_TOKEN_METADATA_KEY } from './call-token/call-token-claims';
import type { CallTokenSigner } from './call-token/call-token-signer';
import { assertRemoteCallAllowed } from './remote-call-guard';
import type { AsyncClient, CallOptions, ServiceDefinitionLike } from './service-definition';
import { fromGrpcError } from './status-mapping';

export const DEFAULT_DEADLINE_MS = 10_000;

/**
 * Calls spread over every address the target resolves to (`dns:///messaging-headless:50052`,
 * `ipv4:a:port,b:port`), and a replica that stops or is unreachable is left out until it answers
 * again, so a rolling restart moves calls to the live replicas. (gRPC's default, pick_first, stays
 * on one address.) A call the stopping server refused before running it (GOAWAY, REFUSED_STREAM) or
 * that never left this process is retried by grpc-js on its own (transparent retry); a call that
 * may have run is not, since most of ours are not idempotent.
 */
const BALANCED = JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] });

type UnaryMethod = (req: unknown, md: Metadata, opts: { deadline: Date }, cb: (e: ServiceError | null, r: unknown) => void) => void;

export interface ClientOptions {
  /** Signs each call's token. */
  signer: CallTokenSigner;
  /** The service being called: the token's audience, so it is refused anywhere else. */
  audience: string;
  deadlineMs?: number;
}

/** Customers' principals travel on to the next service; any other caller presents its own identity. */
const forwardable = (principal: Principal | undefined) => (principal?.kind === 'user' || principal?.kind === 'api_key' ? principal : undefined);

/**
 * A promise-returning client for a service definition. Every call has a
 * deadline (never later than the call being served), carries the trace and a
 * call token signed for the target service naming the caller (the explicit
 * principal, else the customer being served, else the signer's own
 * identity), and rejects with a DomainError.
 */
export function createClient<D extends ServiceDefinitionLike>(definition: D, address: string, defaults: ClientOptions): AsyncClient<D> {
  const Ctor = makeGenericClientConstructor(definition as unknown as ServiceDefinition, 'Service');
  const raw = new Ctor(address, credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.max_receive_message_length': 8 * 1024 * 1024,
    'grpc.service_config': BALANCED,
    // A replica that comes back (a rolling restart's replacement) is tried again within a second,
    // not after grpc-js' backoff of up to two minutes, so it takes calls before the next one stops.
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 1_000,
  }) as unknown as Record<string, UnaryMethod> & { close(): void };
  const client: Record<string, unknown> = { close: () => raw.close() };
  for (const name of Object.keys(definition)) {
    const method = raw[name].bind(raw);
    client[name] = (request: unknown, options: CallOptions = {}) =>
      withSpan(definition[name].path, { kind: SpanKind.CLIENT }, async () => {
        assertRemoteCallAllowed(definition[name].path); // fails at once inside a consumer's apply (see remote-call-guard)
        const served = currentCallContext();
        let deadline = Date.now() + (options.deadlineMs ?? defaults.deadlineMs ?? DEFAULT_DEADLINE_MS);
        if (served?.deadline) deadline = Math.min(deadline, served.deadline.getTime());
        const metadata = new Metadata();
        const traceparent = currentTraceparent();
        if (traceparent) metadata.set('traceparent', traceparent);
        const principal = options.asService ? undefined : (options.principal ?? forwardable(served?.principal));
        metadata.set(CALL_TOKEN_METADATA_KEY, await defaults.signer.sign(principal, defaults.audience, new Date(deadline)));
        return new Promise((resolve, reject) =>
          method(request, metadata, { deadline: new Date(deadline) }, (error, response) =>
            error ? reject(fromGrpcError(error)) : resolve(response),
          ),
        );
      });
  }
  return client as AsyncClient<D>;
}
