import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';
import { logFields, logText } from './log-value';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/**
 * pino behind the platform's Logger: one JSON line per entry (`time`,
 * `level`, the base fields, `trace_id`/`span_id` of the active span and none
 * outside a trace, `message`, the fields made safe by log-value.ts). Lines go
 * to stderr, readable (pino-pretty) when stderr is a terminal and JSON
 * otherwise; `write` receives each JSON line instead (tests).
 */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, write?: (line: string) => void): Logger {
  const options = {
    level,
    base: logFields(base),
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: activeSpanIds,
  };
  return wrap(pino(options, write ? lineWriter(write) : stderrDestination()));
}

function wrap(logger: Pino): Logger {
  const log = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>) => {
    // Nothing is walked for a level that is off: debug lines in hot paths cost a comparison.
    if (!logger.isLevelEnabled(at)) return;
    logger[at](fields ? logFields(fields) : {}, logText(message));
  };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (fields) => wrap(logger.child(logFields(fields))),
  };
}

function activeSpanIds(): Record<string, string> {
  const span = trace.getSpan(context.active())?.spanContext();
  return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

function lineWriter(write: (line: string) => void): DestinationStream {
  return { write: (chunk: string) => write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) };
}

/**
 * Synchronous, so a line logged just before `process.exit` is not lost and
 * lines keep their order with the start-up banner on stdout. pino-pretty is
 * loaded only for a terminal: a pod never pays for it.
 */
function stderrDestination(): DestinationStream {
  if (!process.stderr.isTTY) return pino.destination({ dest: 2, sync: true });
  const pretty = createRequire(__filename)('pino-pretty') as (options: Record<string, unknown>) => DestinationStream;
  // One line per entry, the emitting service before the message; the span id and the process's name are for machines.
  return pretty({
    destination: 2,
    sync: true,
    messageKey: 'message',
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
    messageFormat: '{if service}{service}: {end}{message}',
    ignore: 'pid,hostname,app,service,span_id',
  });
}
