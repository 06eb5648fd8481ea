import { DomainError } from '@mp/problems';
import { testCallKeys } from './start-test-service';
import { createServiceClients } from './service-clients';

// The all-in-one gateway listens before its services have started: a call then must be a 503 to retry, not a 500.
describe('service clients before a service has an address', () => {
  it('refuse a call to it as EXTERNAL_SERVICE_ERROR with a retry after a second, naming the service', async () => {
    const clients = createServiceClients({}, { signer: (await testCallKeys()).gateway });
    let thrown: unknown;
    try {
      void clients.identity;
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'EXTERNAL_SERVICE_ERROR', extensions: { retryAfterSeconds: 1 } });
    expect((thrown as Error).message).toContain('identity service is not reachable yet');
    clients.close();
  });
});
