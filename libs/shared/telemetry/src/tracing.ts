import { context, defaultTextMapGetter, isSpanContextValid, propagation, ROOT_CONTEXT, trace, type Context, type Span, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { randomBytes } from 'node:crypto';
import type * as TraceExportModule from './trace-export';
import type { TraceExport, TracesExporter } from './trace-export';

export type { TracesExporter } from './trace-export';

let exporting: TraceExport | undefined;
let initialised = false;

/**
 * Registers one tracer provider per process (the all-in-one process shares it
 * between services); later calls do nothing. Traces follow a request from
 * HTTP through gRPC metadata and event envelopes (`traceparent`) whether or
 * not they leave the process: with `none` (the default) or OTEL_SDK_DISABLED
 * spans still carry ids for logs and propagation, and nothing is exported.
 */
export function initTelemetry(options: { exporter?: TracesExporter; serviceName?: string } = {}): void {
  if (initialised) return;
  initialised = true;
  const disabled = process.env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
  if (!disabled && options.exporter && options.exporter !== 'none') {
    // Loaded only when spans leave the process: the Node SDK brings every OTLP exporter it knows,
    // about half the CPU a compiled service spent from spawn to ready (docs/benchmarks.md, "App start").
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startTraceExport } = require('./trace-export') as typeof TraceExportModule;
    exporting = startTraceExport(options.exporter, options.serviceName);
    return;
  }
  // SDK 2.x dropped provider.register(): the globals are set through the API.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider());
}

/**
 * Sends the spans still waiting in the batch (before exit, or a test reading
 * its collector); gives up after `timeoutMs` so a collector that is down
 * cannot hold a shutdown past its grace period.
 */
export async function flushTelemetry(timeoutMs = 2_000): Promise<void> {
  if (!exporting) return;
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  try {
    await Promise.race([exporting.flush().catch(() => undefined), givenUp]);
  } finally {
    clearTimeout(timer);
  }
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

/**
 * A span that covers work done for many traces at once (a batch write): one
 * span per item, each in the item's own trace, all ending when the work ends.
 * Costs no I/O: the batch stays one set of statements.
 */
export async function withSpanPerItem<T>(
  name: string,
  traceparents: ReadonlyArray<string | undefined>,
  options: { kind?: SpanKind; attributes?: Record<string, string | number | boolean> },
  fn: () => Promise<T>,
): Promise<T> {
  const spans = traceparents.map((traceparent) =>
    tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, contextFromTraceparent(traceparent)),
  );
  try {
    return await fn();
  } catch (error) {
    for (const span of spans) span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}

/** The W3C traceparent of the active span, for gRPC metadata, event envelopes and outgoing HTTP. */
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

const w3cTraceContext = new W3CTraceContextPropagator();

/** True for a W3C `traceparent` that would be continued, read as the header propagator reads one (a value in a body, not a header). */
export function isValidTraceparent(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const spanContext = trace.getSpanContext(w3cTraceContext.extract(ROOT_CONTEXT, { traceparent: value }, defaultTextMapGetter));
  return spanContext !== undefined && isSpanContextValid(spanContext);
}

export function traceIdOf(traceparent: string | undefined): string | undefined {
  return traceparent?.split('-')[1];
}

export { SpanKind };

/** `fn` run in the context active now, wherever it is called from (an emitter's listener runs in the emitter's). */
export function inActiveContext<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return context.bind(context.active(), fn);
}
