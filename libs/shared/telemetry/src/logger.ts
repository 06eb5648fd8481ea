import { currentTraceId } from './tracing';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** One JSON line per entry, with the service name and the active trace id. */
export function createLogger(
  level: LogLevel,
  base: Record<string, unknown> = {},
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): Logger {
  const log = (at: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: at, ...base, traceId: currentTraceId(), message };
    for (const [k, v] of Object.entries(fields ?? {})) entry[k] = v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;
    write(JSON.stringify(entry));
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
