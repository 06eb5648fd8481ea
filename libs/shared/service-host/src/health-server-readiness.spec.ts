import { startHealthServer } from './health-server';
import type { ServiceDegradation } from './readiness';

// What a probe and an operator read on /readyz: 503 only when unready; a degradation keeps 200 and is named.
describe('the health port’s /readyz body', () => {
  let ready: () => Promise<void>;
  let degradations: ServiceDegradation[];
  let server: Awaited<ReturnType<typeof startHealthServer>>;
  const readyz = async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    return { status: res.status, body: await res.json() };
  };
  const refused: ServiceDegradation = { service: 'messaging', component: 'carrierConnection', name: 'smsc-a', reason: 'bind refused: ESME_RINVPASWD' };

  beforeAll(async () => {
    server = await startHealthServer({ host: '127.0.0.1', port: 0, ready: () => ready(), degradations: async () => degradations });
  });
  beforeEach(() => {
    ready = async () => undefined;
    degradations = [];
  });
  afterAll(() => server.close());

  it('is exactly {"status":"ok"} when ready and nothing is degraded', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('stays 200 and names each degradation, with its service and reason', async () => {
    degradations = [refused, { ...refused, name: 'smsc-b', reason: 'cannot bind: connect ECONNREFUSED 127.0.0.1:2775' }];
    expect(await readyz()).toEqual({
      status: 200,
      body: {
        status: 'degraded',
        degradations: [refused, { service: 'messaging', component: 'carrierConnection', name: 'smsc-b', reason: 'cannot bind: connect ECONNREFUSED 127.0.0.1:2775' }],
      },
    });
  });

  it('is 503 {"status":"unavailable"} when unready, degraded or not', async () => {
    ready = async () => {
      throw new Error('database unreachable');
    };
    degradations = [refused];
    expect(await readyz()).toEqual({ status: 503, body: { status: 'unavailable' } });
  });

  it('answers {"status":"ok"} for a service that reports no degradations at all', async () => {
    const plain = await startHealthServer({ host: '127.0.0.1', port: 0, ready: async () => undefined });
    try {
      expect(await (await fetch(`http://127.0.0.1:${plain.port}/readyz`)).json()).toEqual({ status: 'ok' });
    } finally {
      await plain.close();
    }
  });
});
