import type { DueJob } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Clock } from '@mp/clock';
import type { Knex } from 'knex';
import type { MessagingConfig } from '../config/messaging-config';
import { CoalescedRunner } from '../dispatch/coalesced-runner';
import type { Channel } from '../rules';
import type { CarrierAdapter } from './carrier.port';
import { ChannelCarriers } from './channel-carriers';
import { ConnectionCarriers } from './connection-carriers';
import { carrierConnectionsOf, SMS_CARRIER_PATH, type CarrierConnection, type SmppConnection } from '@mp/carrier-connections';
import { HttpCarrierAdapter } from './http-carrier.adapter';
import { SmppCarrier } from './smpp';
import { BindLeaseKeeper, type BindLeaseKeeperOptions } from './smpp-leases';
import { createSmppDeliverHandler, createSmppPartLedger, smppDeliveriesJob, type ProviderCallbackHandoff } from './smpp-deliveries';
import { SmtpEmailCarrierAdapter } from './smtp-email-carrier.adapter';
import { TwilioCarrier } from './twilio';
import { WhatsAppCloudCarrier } from './whatsapp-cloud';

export interface ConfiguredCarriersDeps {
  config: MessagingConfig;
  db: Knex;
  clock: Clock;
  logger: Logger;
  /** Read at first use: the host creates the client only then. */
  providerCallback: () => ProviderCallbackHandoff;
  /** Bind lease timing and holder id (tests); defaults: 15 s leases renewed every 5 s, this process's id. */
  bindLeases?: Pick<BindLeaseKeeperOptions, 'leaseMs' | 'renewMs' | 'holder'>;
}

export interface ConfiguredCarriers {
  /** Undefined when no channel has a carrier: dispatch then leaves every message queued. */
  carrier?: CarrierAdapter;
  /** The connections' own due work (SMPP receipts and inbound messages), when there is any. */
  jobs: DueJob[];
  smpp: readonly SmppCarrier[];
  /** One per smpp connection: this replica's share of its binds. */
  bindLeases: readonly BindLeaseKeeper[];
}

/**
 * A carrier per channel (spec 1: each channel through its own carrier): the
 * configured connections for the channels they serve, and for SMS and Email
 * without any the single-carrier variables (CARRIER_API_URL, CARRIER_SMTP_URL).
 * WhatsApp is Meta's Cloud API only, through whatsapp-cloud connections. A
 * channel with no carrier stays queued.
 */
export function configuredCarriers(deps: ConfiguredCarriersDeps): ConfiguredCarriers {
  const { config, db, clock, logger } = deps;
  const connections = carrierConnectionsOf(config) ?? [];
  const smppConnections = connections.filter((c): c is SmppConnection => c.protocol === 'smpp');
  const jobs: DueJob[] = [];
  const smpp: SmppCarrier[] = [];
  const bindLeases: BindLeaseKeeper[] = [];
  const byConnection = new Map<CarrierConnection, CarrierAdapter>();
  if (smppConnections.length > 0) {
    const deliveries = smppDeliveriesJob({ db, clock, logger, providerCallback: deps.providerCallback() });
    // A stored receipt or part is carried on at once, not at the job's next tick.
    const pass = new CoalescedRunner(() => deliveries.runDue());
    const soon = () => pass.request((error) => logger.error('smpp deliveries pass failed', { error }));
    const ledger = createSmppPartLedger({ db, clock, connections: smppConnections, onRecorded: soon });
    const onDeliverSm = createSmppDeliverHandler({ db, clock, logger, onStored: soon });
    jobs.push(deliveries);
    for (const connection of smppConnections) {
      // Replicas share the connection's `binds`: each opens only the slots it leases (issue 28 point 6).
      const carrier = new SmppCarrier(connection, { ledger, onDeliverSm }, { logger, bindLeases: true });
      const keeper = new BindLeaseKeeper({ db, connection, binds: carrier, logger, ...deps.bindLeases }).start();
      smpp.push(carrier);
      bindLeases.push(keeper);
      byConnection.set(connection, {
        channels: carrier.channels,
        submit: (submission) => carrier.submit(submission),
        canSend: () => carrier.canSend(),
        inFlightCapacity: () => carrier.inFlightCapacity(),
        // Unbind first (its window drains, the leases still renewed), then free the slots for the other replicas.
        close: async () => {
          await carrier.close();
          await keeper.stop();
        },
      });
    }
  }
  for (const connection of connections) {
    const carrier = httpCarrierOf(connection, logger);
    if (carrier) byConnection.set(connection, carrier);
  }
  const ofChannel = (channel: Channel) => {
    const connected = connections.filter((c) => c.channel === channel).map((connection) => ({ connection, carrier: byConnection.get(connection)! }));
    return connected.length > 0 ? new ConnectionCarriers(connected) : undefined;
  };
  const apiKey = config.CARRIER_API_KEY;
  const carriers = new ChannelCarriers({
    Sms: ofChannel('Sms') ?? (config.CARRIER_API_URL ? new HttpCarrierAdapter({ baseUrl: config.CARRIER_API_URL, apiKey, path: SMS_CARRIER_PATH }) : undefined),
    // Meta's Cloud API only: the Carrier API's /whatsapp/v1/messages is retired (issue 29 point 6).
    WhatsApp: ofChannel('WhatsApp'),
    Email: config.CARRIER_SMTP_URL ? new SmtpEmailCarrierAdapter({ smtpUrl: config.CARRIER_SMTP_URL }) : undefined,
  });
  return { carrier: carriers.channels.length > 0 ? carriers : undefined, jobs, smpp, bindLeases };
}

/** The adapter of a connection spoken over HTTP requests (each its own folder); undefined for SMPP, built above. */
function httpCarrierOf(connection: CarrierConnection, logger: Logger): CarrierAdapter | undefined {
  switch (connection.protocol) {
    case 'http':
      return new HttpCarrierAdapter({ baseUrl: connection.baseUrl, apiKey: connection.apiKey, path: connection.path, timeoutMs: connection.timeoutSeconds * 1000 });
    case 'whatsapp-cloud':
      return new WhatsAppCloudCarrier(connection, { logger });
    case 'twilio':
      return new TwilioCarrier(connection, { logger });
    case 'smpp':
      return undefined;
  }
}
