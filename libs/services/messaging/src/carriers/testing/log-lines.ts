import { createLogger, type Logger } from '@mp/telemetry';

/** A warn-level logger whose JSON lines a spec can read. */
export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('warn', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return { logger, lines };
}
