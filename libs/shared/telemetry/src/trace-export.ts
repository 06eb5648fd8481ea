import { trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ConsoleSpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

/** OTEL_TRACES_EXPORTER: where spans go. `otlp` is configured by the standard OTEL_EXPORTER_OTLP_* variables. */
export type TracesExporter = 'none' | 'console' | 'otlp';

export interface TraceExport {
  flush(): Promise<void>;
}

/**
 * The card's OpenTelemetry Node SDK. For `otlp` the SDK itself reads the
 * standard variables: OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _PROTOCOL
 * (http/protobuf by default, http/json, grpc), _HEADERS, _TIMEOUT, the batch
 * processor's OTEL_BSP_*, OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES,
 * OTEL_TRACES_SAMPLER(_ARG) and OTEL_PROPAGATORS.
 */
export function startTraceExport(exporter: Exclude<TracesExporter, 'none'>, serviceName?: string): TraceExport {
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, names the process rather than the app's default.
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : serviceName,
    contextManager: new AsyncLocalStorageContextManager(),
    // Console: printed as each span ends. OTLP: left to the SDK, which batches and picks the protocol from the environment.
    ...(exporter === 'console' ? { spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())] } : {}),
    // Only traces leave: without this the SDK would also start an OTLP log exporter nobody asked for.
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  return {
    // The SDK keeps its provider private; the global one is it once registered.
    flush: async () => {
      const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
      const registered = (provider.getDelegate?.() ?? provider) as { forceFlush?: () => Promise<void> };
      await registered.forceFlush?.();
    },
  };
}
