import { carrierSimulatorService, CarrierSimulatorEndpoints } from '@mp/carrier-simulator';
import { consentService } from '@mp/consent';
import { measureConsumerLag } from '@mp/events';
import { startGateway, type RunningGateway } from '@mp/gateway';
import { callKeysFrom, CallTokenSigner, generateCallKeys, STAFF_ISSUER, type CallKeys } from '@mp/grpc';
import { identityService } from '@mp/identity';
import { messagingService } from '@mp/messaging';
import { providerCallbackService } from '@mp/provider-callback';
import { repliesService } from '@mp/replies';
import { routingService } from '@mp/routing';
import {
  chooseClock,
  chooseDatabase,
  chooseTransport,
  createServiceClients,
  degradationsOf,
  ServiceHost,
  type AddressBook,
  type HostAdapters,
  type ServiceClients,
  type ServiceModule,
} from '@mp/service-host';
import { createLogger, flushTelemetry, initTelemetry, type Logger } from '@mp/telemetry';
import { tenDlcService } from '@mp/tendlc';
import { webhookDispatcherService } from '@mp/webhook-dispatcher';
import type { JWK } from 'jose';
import type { PlatformConfig } from './config';
import { sandboxConnections } from './sandbox-connections';

export interface RunningPlatform {
  /** Where the gateway answers. */
  readonly url: string;
  readonly gateway: RunningGateway;
  readonly hosts: ReadonlyArray<ServiceHost<unknown>>;
  readonly adapters: HostAdapters;
  /** Calls as a platform staff tool (`system`), when the platform made its own staff key. */
  readonly staff?: ServiceClients;
  /** That staff key, for a staff tool run against this process (tests). */
  readonly staffSigningKey?: JWK;
  stop(): Promise<void>;
}

/**
 * Every service and the gateway in one process (DECISIONS "Running"): the
 * same modules as the standalone apps, talking gRPC over loopback, sharing one
 * database (a schema each), one event transport and one clock.
 */
export async function startPlatform(config: PlatformConfig, logger: Logger = createLogger(config.LOG_LEVEL, { app: 'platform' })): Promise<RunningPlatform> {
  // One process, one service.name for its spans (OTEL_SERVICE_NAME overrides it); which service a span is from is in its name.
  initTelemetry({ exporter: config.OTEL_TRACES_EXPORTER, serviceName: 'messaging-platform' });
  const databases = chooseDatabase(config);
  const transport = chooseTransport(config, databases, 'platform', logger.child({ component: 'kafka' }));
  const addresses: AddressBook = {};
  const keys = await platformCallKeys(config);
  const signer = await CallTokenSigner.fromJwk(keys.signingKey, 'gateway');
  const clients = createServiceClients(addresses, { signer, deadlineMs: config.GRPC_DEADLINE_MS });
  const staff = keys.staffSigningKey
    ? createServiceClients(addresses, { signer: await CallTokenSigner.fromJwk(keys.staffSigningKey, STAFF_ISSUER, { kind: 'system', accountId: '' }) })
    : undefined;
  const adapters: HostAdapters = { databases, transport, clock: chooseClock(config), logger, clients, callKeys: keys, sandbox: config.SANDBOX };
  const hosts: Array<ServiceHost<unknown>> = [];

  // The gateway binds first: the simulator posts its receipts there.
  // The transport brings identity's AccessChanged to the gateway's API-key principal cache.
  // Its /readyz names what the hosted services report degraded (an SMPP connection that cannot bind), as theirs would standalone.
  const gateway = await startGateway({
    config,
    clients,
    clock: adapters.clock,
    logger: logger.child({ service: 'gateway' }),
    events: transport,
    degradations: () => degradationsOf(hosts),
  });
  const start = async <C>(module: ServiceModule<C>, serviceConfig: C) => {
    const host = new ServiceHost(module, serviceConfig, adapters);
    await host.start({ host: '127.0.0.1', port: 0 });
    addresses[module.name] = `127.0.0.1:${host.port}`;
    hosts.push(host as ServiceHost<unknown>);
  };

  try {
    let carrierApiUrl = config.CARRIER_API_URL;
    let smtpUrl = config.SMTP_URL;
    let carrierConnections = config.CARRIER_CONNECTIONS;
    if (config.SANDBOX) {
      const endpoints = new CarrierSimulatorEndpoints();
      await start(carrierSimulatorService, {
        ...config,
        CARRIER_CALLBACK_URL: config.CARRIER_CALLBACK_URL ?? gateway.url,
        endpoints,
      });
      carrierConnections ??= sandboxConnections(config, endpoints);
      carrierApiUrl ??= endpoints.httpUrl;
      smtpUrl ??= endpoints.smtpUrl;
    }
    // Side by side: on Kafka each start waits for its consumer groups to join
    // (seconds), so the boot takes about one join instead of one per service.
    const started = await Promise.allSettled([
      start(identityService, { ...config, SMTP_URL: smtpUrl }),
      start(routingService, config),
      start(consentService, config),
      // The same connections as messaging's: their callbacks are verified with their secrets.
      start(providerCallbackService, { ...config, CARRIER_CONNECTIONS: carrierConnections }),
      start(messagingService, { ...config, CARRIER_CONNECTIONS: carrierConnections, CARRIER_API_URL: carrierApiUrl, CARRIER_SMTP_URL: config.CARRIER_SMTP_URL ?? smtpUrl }),
      start(repliesService, config),
      start(webhookDispatcherService, config),
      // The sandbox registry posts its signed callbacks to this process's own gateway, as the carrier simulator does.
      start(tenDlcService, { ...config, REGISTRY_CALLBACK_URL: config.REGISTRY_CALLBACK_URL ?? gateway.url }),
    ]);
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await stopAll(gateway, hosts, adapters);
    throw error;
  }

  // The process owns the transport every hosted consumer uses: their lag is read from it on scrape.
  const stopMeasuringLag = measureConsumerLag(transport);
  return {
    url: gateway.url,
    gateway,
    hosts,
    adapters,
    staff,
    staffSigningKey: keys.staffSigningKey,
    stop: async () => {
      stopMeasuringLag();
      staff?.close();
      await stopAll(gateway, hosts, adapters);
      // The spans of the last seconds are still in the batch: send them before the process exits.
      await flushTelemetry();
    },
  };
}

/**
 * Keys from configuration where given; otherwise made at start, so nothing
 * outside this process can sign a call it accepts. Staff keys made here sign
 * only through `RunningPlatform.staff` (tests); a staff tool needs
 * STAFF_TOKEN_VERIFICATION_KEYS set to its public key.
 */
async function platformCallKeys(config: PlatformConfig): Promise<CallKeys & { staffSigningKey?: JWK }> {
  const generated = await generateCallKeys();
  const call = config.CALL_TOKEN_SIGNING_KEY
    ? callKeysFrom({
        CALL_TOKEN_SIGNING_KEY: config.CALL_TOKEN_SIGNING_KEY,
        CALL_TOKEN_VERIFICATION_KEYS: config.CALL_TOKEN_VERIFICATION_KEYS ?? { keys: [] },
        STAFF_TOKEN_VERIFICATION_KEYS: generated.staffVerificationKeys,
      })
    : generated;
  if (!config.STAFF_TOKEN_VERIFICATION_KEYS) return { ...call, staffVerificationKeys: generated.staffVerificationKeys, staffSigningKey: generated.staffSigningKey };
  return { ...call, staffVerificationKeys: config.STAFF_TOKEN_VERIFICATION_KEYS };
}

/** Services that post signed callbacks to the gateway (the sandbox carrier and 10DLC registry). */
const CALLBACK_POSTERS: readonly string[] = ['carrier-simulator', 'tendlc'];

async function stopAll(gateway: RunningGateway, hosts: Array<ServiceHost<unknown>>, adapters: HostAdapters): Promise<void> {
  // Posters first: one still retrying after the gateway closed would post into whatever process binds its port next.
  const posters = hosts.filter((host) => CALLBACK_POSTERS.includes(host.module.name));
  for (const host of posters) await host.stop();
  await gateway.stop();
  for (const host of [...hosts].reverse()) if (!posters.includes(host)) await host.stop();
  adapters.clients.close();
  await adapters.transport.close();
  await adapters.databases.close();
}
