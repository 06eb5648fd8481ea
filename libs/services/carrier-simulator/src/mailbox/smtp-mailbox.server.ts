import type { AddressInfo } from 'node:net';
import type { Clock } from '@mp/clock';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { dialableHost } from '../endpoints/carrier-simulator-endpoints';
import type { MailboxMessage, MailboxRepository } from './mailbox.repository';

export interface RunningSmtpServer {
  url: string;
  close(): Promise<void>;
}

const MAX_MAIL_BYTES = 10 * 1024 * 1024;

/** The envelope decides who got the mail (Bcc included); headers only when the envelope is empty. */
function recipientsOf(envelope: SMTPServerAddress[], to: AddressObject | AddressObject[] | undefined): string[] {
  const fromEnvelope = envelope.map((a) => a.address).filter((a) => a !== '');
  if (fromEnvelope.length > 0) return [...new Set(fromEnvelope)];
  const headers = Array.isArray(to) ? to : to ? [to] : [];
  return headers.flatMap((h) => h.value.map((v) => v.address ?? '')).filter((a) => a !== '');
}

/**
 * The sandbox's mail server: accepts every message (no auth, no TLS, meant for
 * loopback) and files it in the mailbox, stamped with the sandbox clock so the
 * mailbox agrees with token and code lifetimes.
 */
export async function startSmtpMailboxServer(options: {
  host: string;
  port: number;
  db: Knex;
  mailbox: MailboxRepository;
  clock: Clock;
  logger: Logger;
}): Promise<RunningSmtpServer> {
  const { db, mailbox, clock, logger } = options;
  const server = new SMTPServer({
    authOptional: true,
    // No STARTTLS: senders would try to upgrade and then reject the self-signed certificate.
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: MAX_MAIL_BYTES,
    closeTimeout: 1_000,
    banner: 'messaging platform sandbox mailbox',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) throw Object.assign(new Error('Message too large'), { responseCode: 552 });
          const sentAt = clock.now();
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : (parsed.from?.value[0]?.address ?? '');
          const messages: MailboxMessage[] = recipientsOf(session.envelope.rcptTo, parsed.to).map((to) => ({
            to,
            from,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            sentAt,
          }));
          await mailbox.store(db, messages);
        })
        .then(
          () => callback(),
          (error: Error) => {
            logger.error('could not store sandbox mail', { error });
            callback(error);
          },
        );
    },
  });
  server.on('error', (error) => logger.warn('sandbox SMTP server error', { error }));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const bound = server.server.address() as AddressInfo;
  return {
    url: `smtp://${dialableHost(options.host)}:${bound.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
