import {
  Metadata,
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { DomainError, isDatabaseUnavailable } from '@mp/problems';
import { SpanKind, withSpan, type Logger } from '@mp/telemetry';
import { runInCallContext, type CallContext, type Principal } from './call-context';
import { CALL_TOKEN_METADATA_KEY } from './call-token/call-token-claims';
import { CallTokenRefused, type CallTokenVerifier } from './call-token/call-token-verifier';
import type { MethodAccess } from './method-access';
import type { AsyncHandlers, MethodDefinitionLike, ServiceDefinitionLike } from './service-definition';
import { timeGrpcCall } from './server-metrics';
import { toGrpcError } from './status-mapping';

interface BoundMethod {
  name: string;
  definition: MethodDefinitionLike;
  access: MethodAccess<ServiceDefinitionLike>[string];
  handler: (request: never, ctx: CallContext) => Promise<unknown>;
}

/** A service's handlers with the principal kinds each method accepts; a server binds it with its verifier. */
export interface ServiceBinding {
  definition: ServiceDefinitionLike;
  methods: BoundMethod[];
  logger: Logger;
}

/**
 * Declares a service: async handlers of (request, context) and, for every
 * method, the principal kinds it accepts. Nothing here trusts the caller yet:
 * `startGrpcServer` verifies each call's token before a handler runs.
 */
export function implementService<D extends ServiceDefinitionLike>(
  definition: D,
  handlers: AsyncHandlers<D>,
  logger: Logger,
  access: MethodAccess<D>,
): ServiceBinding {
  const methods = (Object.keys(definition) as Array<keyof D & string>).map((name) => {
    const handler = handlers[name];
    if (typeof handler !== 'function') throw new Error(`no handler for ${definition[name].path}`);
    if (!Array.isArray(access[name])) throw new Error(`no access declared for ${definition[name].path}`);
    return { name, definition: definition[name], access: access[name], handler: handler as BoundMethod['handler'] };
  });
  return { definition, methods, logger };
}

function refusal(code: status, details: string) {
  // No problem metadata: a refused call is the platform's fault (keys, wiring), never a customer's, so the gateway answers 500.
  return { code, details, metadata: new Metadata() };
}

function deadlineOf(call: ServerUnaryCall<unknown, unknown>): Date | undefined {
  const deadline = call.getDeadline();
  return deadline instanceof Date ? deadline : Number.isFinite(deadline) ? new Date(deadline as number) : undefined;
}

/**
 * The one server interceptor: verifies the call token (missing, forged,
 * expired or for another service: UNAUTHENTICATED), checks the method accepts
 * the principal's kind (PERMISSION_DENIED), then runs the handler in its own
 * span (continuing the caller's trace) and call context. A DomainError
 * travels back as status + problem metadata; any other error is logged and
 * answered as INTERNAL with no detail.
 */
function bind(binding: ServiceBinding, verifier: CallTokenVerifier): UntypedServiceImplementation {
  const implementation: UntypedServiceImplementation = {};
  const { logger } = binding;
  const unavailable = outageLog(logger);
  for (const method of binding.methods) {
    const path = method.definition.path;
    implementation[method.name] = ((call: ServerUnaryCall<unknown, unknown>, answer: sendUnaryData<unknown>) => {
      const recordCall = timeGrpcCall(path);
      const callback: sendUnaryData<unknown> = (error, value) => {
        recordCall(error);
        answer(error, value);
      };
      const traceparent = call.metadata.get('traceparent')[0];
      withSpan(path, { traceparent: typeof traceparent === 'string' ? traceparent : undefined, kind: SpanKind.SERVER }, async () => {
        let principal: Principal;
        try {
          principal = await verifier.verify(call.metadata.get(CALL_TOKEN_METADATA_KEY)[0]);
        } catch (error) {
          if (!(error instanceof CallTokenRefused)) throw error;
          logger.warn('call refused', { method: path, reason: error.message });
          return callback(refusal(status.UNAUTHENTICATED, error.message));
        }
        if (!method.access.includes(principal.kind)) {
          logger.warn('call refused', { method: path, reason: `a ${principal.kind} principal may not call it` });
          return callback(refusal(status.PERMISSION_DENIED, `a ${principal.kind} principal may not call ${path}`));
        }
        const ctx: CallContext = { method: path, principal, deadline: deadlineOf(call) };
        try {
          callback(null, await runInCallContext(ctx, () => method.handler(call.request as never, ctx)));
        } catch (error) {
          if (isDatabaseUnavailable(error)) unavailable(path, error);
          else if (!(error instanceof DomainError)) logger.error('gRPC handler failed', { method: path, error });
          callback(toGrpcError(error));
        }
      }).catch((error: unknown) => {
        logger.error('gRPC call failed', { method: path, error });
        callback(toGrpcError(error));
      });
    }) as UntypedServiceImplementation[string];
  }
  return implementation;
}

/** While the database is away, one line per interval (with how many calls it refused), not one per call. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

function outageLog(logger: Logger): (method: string, error: unknown) => void {
  let loggedAt = -Infinity;
  let refused = 0;
  return (method, error) => {
    refused += 1;
    if (performance.now() - loggedAt < OUTAGE_LOG_INTERVAL_MS) return;
    loggedAt = performance.now();
    logger.warn('database unavailable: calls answered UNAVAILABLE (503, Retry-After)', { method, refusedSinceLastLine: refused, error });
    refused = 0;
  };
}

export interface RunningGrpcServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startGrpcServer(options: {
  host: string;
  port: number;
  services: ServiceBinding[];
  /** Verifies every call's token for this service (its audience). */
  verifier: CallTokenVerifier;
}): Promise<RunningGrpcServer> {
  const server = new Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024 });
  for (const s of options.services) server.addService(s.definition as unknown as ServiceDefinition, bind(s, options.verifier));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${options.host}:${options.port}`, ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    ),
  );
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 2000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
