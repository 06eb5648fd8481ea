import {
  Server,
  ServerCredentials,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { DomainError } from '@mp/problems';
import { SpanKind, withSpan, type Logger } from '@mp/telemetry';
import { runInCallContext, type CallContext, type Principal } from './call-context';
import type { AsyncHandlers, ServiceDefinitionLike } from './service-definition';
import { toGrpcError } from './status-mapping';

export interface ServiceBinding {
  definition: ServiceDefinitionLike;
  implementation: UntypedServiceImplementation;
}

function parsePrincipal(raw: unknown): Principal | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    return JSON.parse(raw) as Principal;
  } catch {
    return undefined;
  }
}

/**
 * Turns async handlers into a grpc-js implementation: each call runs in its
 * own span (continuing the caller's trace) and call context (principal,
 * deadline); a DomainError travels back as status + problem metadata, any
 * other error is logged here and answered as INTERNAL with no detail.
 */
export function implementService<D extends ServiceDefinitionLike>(
  definition: D,
  handlers: AsyncHandlers<D>,
  logger: Logger,
): ServiceBinding {
  const implementation: UntypedServiceImplementation = {};
  for (const name of Object.keys(definition) as Array<keyof D & string>) {
    const method = definition[name];
    const handler = handlers[name];
    if (typeof handler !== 'function') throw new Error(`no handler for ${method.path}`);
    implementation[name] = ((call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      const traceparent = call.metadata.get('traceparent')[0];
      const deadline = call.getDeadline();
      const ctx: CallContext = {
        method: method.path,
        principal: parsePrincipal(call.metadata.get('x-principal')[0]),
        deadline: deadline instanceof Date ? deadline : Number.isFinite(deadline) ? new Date(deadline as number) : undefined,
      };
      withSpan(method.path, { traceparent: typeof traceparent === 'string' ? traceparent : undefined, kind: SpanKind.SERVER }, () =>
        runInCallContext(ctx, () => handler(call.request as never, ctx)),
      ).then(
        (response) => callback(null, response),
        (error: unknown) => {
          if (!(error instanceof DomainError)) logger.error('gRPC handler failed', { method: method.path, error });
          callback(toGrpcError(error));
        },
      );
    }) as UntypedServiceImplementation[string];
  }
  return { definition, implementation };
}

export interface RunningGrpcServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startGrpcServer(options: { host: string; port: number; services: ServiceBinding[] }): Promise<RunningGrpcServer> {
  const server = new Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024 });
  for (const s of options.services) server.addService(s.definition as unknown as ServiceDefinition, s.implementation);
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
