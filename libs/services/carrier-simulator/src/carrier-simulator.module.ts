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
import type { NumberDirectory } from './inbound/simulate-inbound.usecase';
import { RECEIPT_QUEUE } from './receipts/receipt-payload';

/**
 * The sandbox carriers: the SMS and WhatsApp HTTP APIs messaging submits to, the
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
    let http: RunningHttpServer | undefined;
    let smtp: RunningSmtpServer | undefined;

    return {
      grpc: [carrierSimulatorHandlers({ db, clock, routing }, logger)],
      jobs: [new PostCallbacksJob(RECEIPT_QUEUE, db, clock, config, logger), new PostCallbacksJob(INBOUND_QUEUE, db, clock, config, logger)],
      async start() {
        http = await startCarrierHttpServer(createCarrierApiApp(submit, logger), config.SIM_HTTP_HOST, config.SIM_HTTP_PORT);
        try {
          smtp = await startSmtpMailboxServer({
            host: config.SMTP_HOST,
            port: config.SMTP_PORT,
            db,
            clock,
            logger,
            emailCarrier: submit,
          });
        } catch (error) {
          // Do not leave the HTTP port bound when the module as a whole failed to start.
          await http.close();
          http = undefined;
          throw error;
        }
        config.endpoints?.publish({ httpUrl: http.url, smtpUrl: smtp.url });
        logger.info('carrier simulator listening', { carrierApiUrl: http.url, smtpUrl: smtp.url });
      },
      async ready() {
        if (!http || !smtp) throw new Error('carrier simulator servers are not listening');
      },
      async stop() {
        config.endpoints?.publish(undefined);
        await Promise.all([http?.close(), smtp?.close()]);
        http = undefined;
        smtp = undefined;
      },
    };
  },
};
