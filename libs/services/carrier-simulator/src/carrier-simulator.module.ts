import type { ServiceModule } from '@mp/service-host';
import { createCarrierApiApp } from './carrier-api/carrier-api.router';
import { startCarrierHttpServer, type RunningHttpServer } from './carrier-api/carrier-http.server';
import { submitMessage, type SubmitCarrierMessage } from './carrier-api/submit-message.usecase';
import type { CarrierSimulatorConfig } from './carrier-simulator.config';
import { carrierSimulatorHandlers } from './carrier-simulator.handlers';
import { PostCallbacksJob } from './callbacks/post-callbacks.job';
import { startSmtpMailboxServer, type RunningSmtpServer } from './mailbox/smtp-mailbox.server';
import { carrierSimulatorMigrations } from './migrations';
import { INBOUND_QUEUE } from './inbound/inbound-payload';
import type { SentMessages } from './inbound/quoted-message';
import type { NumberDirectory } from './inbound/simulate-inbound.usecase';
import { RECEIPT_QUEUE } from './receipts/receipt-payload';
import { dialableHost } from './endpoints/carrier-simulator-endpoints';
import { numberOwnersFrom } from './smsc/number-owners';
import { SandboxSmsc } from './smsc/sandbox-smsc';
import { smsMobileOriginated } from './smsc/sms-mobile-originated';
import { smscSettingsOf } from './smsc/smsc-settings';
import { cloudApiSettingsOf } from './whatsapp-cloud/cloud-api-settings';
import { createCloudApiRouter } from './whatsapp-cloud/cloud-api.router';
import { cloudInboundWebhook } from './whatsapp-cloud/cloud-inbound-webhook';
import { cloudStatusWebhook } from './whatsapp-cloud/cloud-status-webhook';

/**
 * The sandbox carriers: the SMS and WhatsApp HTTP APIs messaging submits to (and a
 * fake of Meta's WhatsApp Cloud API on the same port, whatsapp-cloud/), the
 * SMTP server that is both the mailbox and the email carrier, signed receipts
 * and recipients' inbound messages posted back to the platform, the SMTP
 * mailbox, and the sandbox clock reading.
 * The bound URLs are published to `config.endpoints` when it starts.
 */
export const carrierSimulatorService: ServiceModule<CarrierSimulatorConfig> = {
  name: 'carrier-simulator',
  migrations: carrierSimulatorMigrations,
  create({ config, db, clock, logger, clients }) {
    const submit: SubmitCarrierMessage = (submission, options) => submitMessage({ db, clock }, submission, options);
    // Resolved per call: in the all-in-one process routing's address is known only after the simulator starts.
    const routing: NumberDirectory = { listNumbers: (request, options) => clients.routing.listNumbers(request, options) };
    const sentMessages: SentMessages = {
      getMessage: (request, options) => clients.messaging.getMessage(request, options),
      listCarrierEvents: (request, options) => clients.messaging.listCarrierEvents(request, options),
    };
    let http: RunningHttpServer | undefined;
    let smtp: RunningSmtpServer | undefined;
    const smscSettings = smscSettingsOf(config);
    // The SMSC learns a submission's account from its sender number (routing's ResolveNumber, as a service).
    const owners = numberOwnersFrom({ resolveNumber: (request, options) => clients.routing.resolveNumber(request, options) });
    const smsc = smscSettings.enabled ? new SandboxSmsc({ db, clock, logger, owners, settings: smscSettings }) : undefined;
    let smscListening = false;
    // The fake of Meta's WhatsApp Cloud API: its settings read per use (a composer or test may change the config).
    const cloud = () => cloudApiSettingsOf(config);

    return {
      grpc: [carrierSimulatorHandlers({ db, clock, routing, sentMessages }, logger)],
      jobs: [
        // Receipts and inbound messages of the Cloud API fake go out as Meta's signed webhooks.
        new PostCallbacksJob({ ...RECEIPT_QUEUE, otherForms: [cloudStatusWebhook(cloud)] }, db, clock, config, logger),
        new PostCallbacksJob({ ...INBOUND_QUEUE, otherForms: [cloudInboundWebhook(cloud)] }, db, clock, config, logger, smsc && smsMobileOriginated(smsc)),
        ...(smsc ? [{ name: 'carrier-simulator.smsc-receipts', intervalMs: 250, runDue: () => smsc.deliverDue() }] : []),
      ],
      async start() {
        const cloudApi = createCloudApiRouter({ submit, db, settings: cloud, logger });
        http = await startCarrierHttpServer(createCarrierApiApp(submit, logger, cloudApi), config.SIM_HTTP_HOST, config.SIM_HTTP_PORT);
        try {
          smtp = await startSmtpMailboxServer({
            host: config.SMTP_HOST,
            port: config.SMTP_PORT,
            db,
            clock,
            logger,
            emailCarrier: submit,
          });
          if (smsc) {
            await smsc.start();
            smscListening = true;
          }
        } catch (error) {
          // Do not leave a port bound when the module as a whole failed to start.
          await Promise.all([http.close(), smtp?.close()]);
          http = undefined;
          smtp = undefined;
          throw error;
        }
        const smppUrl = smsc ? `smpp://${dialableHost(smscSettings.host)}:${smsc.port}` : undefined;
        config.endpoints?.publish({ httpUrl: http.url, smtpUrl: smtp.url, ...(smppUrl ? { smppUrl } : {}) });
        logger.info('carrier simulator listening', { carrierApiUrl: http.url, smtpUrl: smtp.url, smppUrl });
      },
      async ready() {
        if (!http || !smtp || (smsc && !smscListening)) throw new Error('carrier simulator servers are not listening');
      },
      async stop() {
        config.endpoints?.publish(undefined);
        // The SMSC unbinds its sessions first (an ESME then stops submitting), then the other listeners close.
        smscListening = false;
        await Promise.all([smsc?.stop(), http?.close(), smtp?.close()]);
        http = undefined;
        smtp = undefined;
      },
    };
  },
};
