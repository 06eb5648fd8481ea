import { degradationsOf } from './readiness';
import type { Degradation } from './readiness';
import type { ServiceModule } from './service-module';
import { startTestService, type TestService } from './start-test-service';

// What a hosted module reports degraded reaches readiness named by its service; a report that fails is named too,
// never a 503 (readiness must not pull pods over what the service serves without).
describe('ServiceHost.degradations', () => {
  let reported: () => Degradation[];
  const services: TestService[] = [];
  const start = async (name: 'tendlc' | 'routing', parts: Partial<ReturnType<ServiceModule['create']>> = {}) => {
    const module: ServiceModule = { name, migrations: [], create: () => ({ grpc: [], ...parts }) };
    const service = await startTestService(module, {});
    services.push(service);
    return service;
  };
  afterAll(() => Promise.all(services.map((s) => s.stop())));

  it('names each reported degradation with its service, none for a module that reports none, across hosts in order', async () => {
    reported = () => [{ component: 'carrierConnection', name: 'smsc-a', reason: 'bind refused: ESME_RINVPASWD' }];
    const reporting = await start('tendlc', { degradations: () => reported() });
    const quiet = await start('routing');
    expect(await quiet.host.degradations()).toEqual([]);
    expect(await degradationsOf([quiet.host, reporting.host])).toEqual([
      { service: 'tendlc', component: 'carrierConnection', name: 'smsc-a', reason: 'bind refused: ESME_RINVPASWD' },
    ]);
    reported = () => [];
    expect(await reporting.host.degradations()).toEqual([]);
  });

  it('names a report that throws instead of failing', async () => {
    const reporting = await start('tendlc', {
      degradations: () => {
        throw new Error('status unavailable');
      },
    });
    expect(await reporting.host.degradations()).toEqual([{ service: 'tendlc', component: 'readiness', name: 'degradations', reason: 'cannot tell: status unavailable' }]);
  });
});
