import { createLogger, currentTraceId, currentTraceparent, initTelemetry, traceIdOf, withSpan } from './index';

beforeAll(() => initTelemetry());

describe('tracing', () => {
  it('continues a remote trace and propagates it to children', async () => {
    const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await withSpan('outer', { traceparent: incoming }, async () => {
      expect(currentTraceId()).toBe('0af7651916cd43dd8448eb211c80319c');
      const outgoing = currentTraceparent();
      expect(traceIdOf(outgoing)).toBe('0af7651916cd43dd8448eb211c80319c');
      expect(outgoing).not.toContain('b7ad6b7169203331');
    });
  });

  it('starts a new trace without a parent', async () => {
    const ids: string[] = [];
    await withSpan('a', {}, async () => void ids.push(currentTraceId()));
    await withSpan('b', {}, async () => void ids.push(currentTraceId()));
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('logs JSON lines with the trace id, honouring the level', async () => {
    const lines: string[] = [];
    const log = createLogger('info', { service: 's' }, (l) => lines.push(l));
    await withSpan('x', { traceparent: '00-1af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }, async () => {
      log.debug('hidden');
      log.info('shown', { n: 1 });
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'info', service: 's', message: 'shown', n: 1, trace_id: '1af7651916cd43dd8448eb211c80319c', span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
});
