import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { currentTraceId, flushTelemetry, initTelemetry, withSpan } from './index';

/**
 * OTEL_SDK_DISABLED=true turns export off even when OTEL_TRACES_EXPORTER asks
 * for OTLP; traces still carry ids (logs, traceparent) as with `none`.
 * Telemetry starts once per process (here: this file), so one case per file.
 */
describe('trace export with OTEL_SDK_DISABLED', () => {
  it('sends nothing to the collector while spans still have trace ids', async () => {
    let posts = 0;
    const collector = createServer((req, res) => {
      posts += 1;
      req.resume();
      res.end('{}');
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    process.env.OTEL_SDK_DISABLED = 'true';
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    process.env.OTEL_EXPORTER_OTLP_PROTOCOL = 'http/json';
    try {
      initTelemetry({ exporter: 'otlp' });
      const ids: string[] = [];
      await withSpan('outer', { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }, async () => {
        ids.push(currentTraceId());
        await withSpan('inner', {}, async () => void ids.push(currentTraceId()));
      });
      await flushTelemetry();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ids).toEqual(['0af7651916cd43dd8448eb211c80319c', '0af7651916cd43dd8448eb211c80319c']);
      expect(posts).toBe(0);
    } finally {
      delete process.env.OTEL_SDK_DISABLED;
      await new Promise((resolve) => collector.close(resolve));
    }
  });
});
