import { SandboxClock, type Clock } from '@mp/clock';
import { sandboxV1 } from '@mp/contracts';
import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import { CallTokenVerifier, createClient, startGrpcServer, type AsyncClient, type RunningGrpcServer } from '@mp/grpc';
import { testCallKeys, type OutboxWriter, type ServiceClients, type ServiceParts } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { CarrierSimulatorConfig } from '../carrier-simulator.config';
import { carrierSimulatorService } from '../carrier-simulator.module';
import { CarrierSimulatorEndpoints } from '../endpoints/carrier-simulator-endpoints';
import type { SentMessages } from '../inbound/quoted-message';
import type { NumberDirectory } from '../inbound/simulate-inbound.usecase';

type SimulatorClient = AsyncClient<typeof sandboxV1.CarrierSimulatorServiceService>;

/** The simulator module started on in-memory PGlite with a real sandbox clock, its gRPC served on loopback. */
export interface SimulatorHarness {
  db: Knex;
  clock: SandboxClock;
  parts: ServiceParts;
  endpoints: CarrierSimulatorEndpoints;
  /** Mutable: a test points receipts at its own receiver. */
  config: { -readonly [K in keyof CarrierSimulatorConfig]: CarrierSimulatorConfig[K] };
  client: SimulatorClient;
  runDue(): Promise<number>;
  /** Lets everything an earlier test left behind fall due (400 s on) and runs it, so a test starts with nothing due. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `routing` and `messaging` stand in for the services the simulator calls (the
 * numbers an account holds; a message it sent, when an inbound one quotes it);
 * without one, a call to it fails.
 */
export async function startSimulatorHarness(options: { clock?: Clock; callbackUrl?: string; routing?: NumberDirectory; messaging?: SentMessages } = {}): Promise<SimulatorHarness> {
  const databases: DatabaseProvider = createDatabaseProvider({ dataDir: ':memory:' });
  const db = databases.forSchema('carrier_simulator');
  await migrateLatest(db, 'carrier_simulator', carrierSimulatorService.migrations);
  const clock = (options.clock as SandboxClock | undefined) ?? new SandboxClock();
  const endpoints = new CarrierSimulatorEndpoints();
  const config: SimulatorHarness['config'] = {
    SIM_HTTP_HOST: '127.0.0.1',
    SIM_HTTP_PORT: 0,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: 0,
    CARRIER_CALLBACK_URL: options.callbackUrl,
    CALLBACK_SECRET_SIM: 'sandbox-sim-secret',
    endpoints,
  };
  const unusedOutbox: OutboxWriter = {
    enqueue: () => Promise.reject(new Error('the carrier simulator publishes no events')),
  };
  const parts = await carrierSimulatorService.create({
    config,
    db,
    outbox: unusedOutbox,
    clock,
    logger: createLogger('silent'),
    clients: { routing: options.routing, messaging: options.messaging } as unknown as ServiceClients,
    sandbox: true,
  });
  await parts.start?.();
  const { keys, gateway } = await testCallKeys();
  const verifier = new CallTokenVerifier(keys, 'carrier-simulator');
  const server: RunningGrpcServer = await startGrpcServer({ host: '127.0.0.1', port: 0, services: parts.grpc, verifier });
  const client: SimulatorClient = createClient(sandboxV1.CarrierSimulatorServiceService, `127.0.0.1:${server.port}`, { signer: gateway, audience: 'carrier-simulator' });
  const jobs = parts.jobs ?? [];
  const runDue = async () => {
    let handled = 0;
    for (const job of jobs) handled += await job.runDue();
    return handled;
  };
  return {
    db,
    clock,
    parts,
    endpoints,
    config,
    client,
    runDue,
    settle: async () => {
      await runDue();
      clock.advance(400);
      await runDue();
    },
    close: async () => {
      client.close();
      await server.stop();
      await parts.stop?.();
      await databases.close();
    },
  };
}

export const principalOf = (accountId: string) => ({ kind: 'user' as const, accountId, userId: `user-of-${accountId}`, role: 'Admin' as const });

/** POSTs a submission to the simulator's carrier API. */
export async function submitToCarrier(
  baseUrl: string,
  body: unknown,
  path = '/carrier/v1/messages',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sandbox' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
