import type { DrainableJob } from './due-work-runner';
import { startHealthServer } from './health-server';
import type { ServiceModule } from './service-module';
import { startTestService, type TestService } from './start-test-service';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Issue 14 point 8: from the first moment of a stop the service is unready, so
// no new traffic is routed to it, while the work in hand still finishes.
describe('ServiceHost.stop', () => {
  const gate = { entered: false, stopClaiming: 0, release: () => undefined as void };
  const job: DrainableJob = {
    name: 'test.dispatch',
    intervalMs: 60_000,
    runDue: () =>
      new Promise<number>((resolve) => {
        gate.entered = true;
        gate.release = () => resolve(1);
      }),
    stopClaiming: () => void (gate.stopClaiming += 1),
  };
  const module: ServiceModule = { name: 'tendlc', migrations: [], create: () => ({ grpc: [], jobs: [job] }) };
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(module, {});
  });
  afterAll(() => service.stop());

  it('answers 503 on /readyz as soon as it starts stopping, and waits for the job pass in hand', async () => {
    const health = await startHealthServer({ port: 0, host: '127.0.0.1', ready: () => service.host.ready() });
    const readyz = async () => (await fetch(`http://127.0.0.1:${health.port}/readyz`)).status;
    try {
      expect(await readyz()).toBe(200);
      while (!gate.entered) await sleep(10);
      let stopped = false;
      const stopping = service.host.stop().then(() => (stopped = true));
      await sleep(50);
      expect({ readyz: await readyz(), stopClaiming: gate.stopClaiming, stopped }).toEqual({ readyz: 503, stopClaiming: 1, stopped: false });
      gate.release();
      await stopping;
      expect(await readyz()).toBe(503);
    } finally {
      gate.release();
      await health.close();
    }
  });
});

