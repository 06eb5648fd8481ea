import { logLevel as KafkaLogLevel, type logCreator } from 'kafkajs';

/** The levels of the platform's Logger a kafkajs entry can land on. */
export interface KafkaLogSink {
  error(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
  debug?(message: string, fields?: Record<string, unknown>): void;
}

/**
 * kafkajs' entries through the platform's logger, in its shape: the message
 * prefixed `kafkajs <namespace>:`, kafkajs' own fields (broker, groupId,
 * retryCount, error...) as fields, its own timestamp and logger name dropped.
 */
export function kafkaLogCreator(sink: KafkaLogSink): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _logger, ...fields } = log;
      const text = `kafkajs ${namespace}: ${message}`;
      const withFields = Object.keys(fields).length > 0 ? fields : undefined;
      if (level === KafkaLogLevel.ERROR || level === KafkaLogLevel.NOTHING) sink.error(text, withFields);
      else if (level === KafkaLogLevel.WARN) (sink.warn ?? sink.error).call(sink, text, withFields);
      else if (level === KafkaLogLevel.INFO) sink.info?.(text, withFields);
      else sink.debug?.(text, withFields);
    };
}
