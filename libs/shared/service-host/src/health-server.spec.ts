import { collectProcessMetrics, counter } from '@mp/telemetry';
import { startHealthServer } from './health-server';

describe('the health port', () => {
  let server: Awaited<ReturnType<typeof startHealthServer>>;
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

  beforeAll(async () => {
    collectProcessMetrics(); // what every app's entry point does
    server = await startHealthServer({ host: '127.0.0.1', port: 0, ready: async () => undefined });
  });
  afterAll(() => server.close());

  it('serves the process metrics in the Prometheus text format on GET /metrics', async () => {
    counter('health_spec_probes_total', 'probes of this spec', ['kind']).inc({ kind: 'scrape' }, 3);
    const res = await fetch(url('/metrics'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE health_spec_probes_total counter');
    expect(text).toContain('health_spec_probes_total{kind="scrape"} 3');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('answers anything else on /metrics with 404 and no metrics', async () => {
    const res = await fetch(url('/metrics'), { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await fetch(url('/metrics/extra'))).status).toBe(404);
  });

  it('still answers /healthz and /readyz', async () => {
    expect(await (await fetch(url('/healthz'))).json()).toEqual({ status: 'ok' });
    expect((await fetch(url('/readyz'))).status).toBe(200);
  });
});
