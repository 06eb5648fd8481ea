import { context, propagation, trace, type Context, type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { randomBytes } from 'node:crypto';

let initialised = false;

/**
 * Registers one tracer provider per process (the all-in-one process shares it
 * between services). Traces follow a request from HTTP through gRPC metadata
 * and event envelopes (`traceparent`). Spans are exported only when asked.
 */
export function initTelemetry(options: { exporter?: 'none' | 'console' } = {}): void {
  if (initialised) return;
  initialised = true;
  const provider = new BasicTracerProvider();
  const exporter: SpanExporter | undefined = options.exporter === 'console' ? new ConsoleSpanExporter() : undefined;
  if (exporter) provider.addSpanProcessor(new SimpleSpanProcessor(exporter));
  provider.register({
    contextManager: new AsyncLocalStorageContextManager().enable(),
    propagator: new W3CTraceContextPropagator(),
  });
}

const tracer = () => trace.getTracer('messaging-platform');

/** Context carrying the remote parent described by a W3C `traceparent`. */
export function contextFromTraceparent(traceparent: string | undefined, base: Context = context.active()): Context {
  if (!traceparent) return base;
  return propagation.extract(base, { traceparent });
}

/** Runs `fn` inside a new span, child of `traceparent` when given, else of the active span. */
export async function withSpan<T>(
  name: string,
  options: { traceparent?: string; kind?: SpanKind; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = contextFromTraceparent(options.traceparent);
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The W3C traceparent of the active span, for gRPC metadata and event envelopes. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The active trace id; a fresh random one when nothing is being traced. */
export function currentTraceId(): string {
  const id = trace.getSpan(context.active())?.spanContext().traceId;
  return id && id !== '00000000000000000000000000000000' ? id : randomBytes(16).toString('hex');
}

export function traceIdOf(traceparent: string | undefined): string | undefined {
  return traceparent?.split('-')[1];
}

export { SpanKind };
