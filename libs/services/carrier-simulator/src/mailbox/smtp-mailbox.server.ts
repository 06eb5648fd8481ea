import type { AddressInfo } from 'node:net';
import { domainToASCII } from 'node:url';
import type { Clock } from '@mp/clock';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { dialableHost } from '../endpoints/carrier-simulator-endpoints';
import type { SubmitCarrierMessage } from '../carrier-api/submit-message.usecase';
import { storeMailboxMessages, type MailboxMessage } from './mailbox.repository';

export interface RunningSmtpServer {
  url: string;
  close(): Promise<void>;
}

const MAX_MAIL_BYTES = 10 * 1024 * 1024;

/**
 * Headers the platform's Email channel puts on a message so that this SMTP
 * server acts as the email carrier: idempotent on the reference, following the
 * account's behaviour for the recipient, and reporting a receipt.
 */
export const REFERENCE_HEADER = 'x-carrier-reference';
export const ACCOUNT_HEADER = 'x-carrier-account-id';

/** An SMTP reply code on an error: smtp-server answers with it instead of 451. */
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

const headerText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * An envelope address as it was on the wire: smtp-server hands an A-label
 * domain (`xn--bcher-kva.example`) over decoded to Unicode, so it is encoded
 * back, and the mailbox shows what the platform's RCPT TO said (a sender
 * writing the domain in Unicode under SMTPUTF8 is filed under its A-label).
 */
function wireAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at === -1) return address;
  const domain = address.slice(at + 1);
  return /[^\x00-\x7f]/.test(domain) ? `${address.slice(0, at)}@${domainToASCII(domain) || domain}` : address;
}

/** The envelope decides who got the mail (Bcc included); headers only when the envelope is empty. */
function recipientsOf(envelope: SMTPServerAddress[], to: AddressObject | AddressObject[] | undefined): string[] {
  const fromEnvelope = envelope.map((a) => wireAddress(a.address)).filter((a) => a !== '');
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
  clock: Clock;
  logger: Logger;
  /** When set, mail carrying the carrier headers goes through the email carrier. */
  emailCarrier?: SubmitCarrierMessage;
}): Promise<RunningSmtpServer> {
  const { db, clock, logger, emailCarrier } = options;
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
        .then(async (parsed): Promise<string | undefined> => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) throw smtpError(552, 'Message too large');
          const sentAt = clock.now();
          const from = session.envelope.mailFrom ? wireAddress(session.envelope.mailFrom.address) : (parsed.from?.value[0]?.address ?? '');
          const messages: MailboxMessage[] = recipientsOf(session.envelope.rcptTo, parsed.to).map((to) => ({
            to,
            from,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            sentAt,
          }));
          const reference = headerText(parsed.headers.get(REFERENCE_HEADER));
          const accountId = headerText(parsed.headers.get(ACCOUNT_HEADER));
          if (!emailCarrier || !reference || !accountId || messages.length !== 1) {
            await storeMailboxMessages(db, messages);
            return undefined;
          }
          // The platform's Email channel: one recipient per message, like the SMS carrier.
          const [mail] = messages;
          const result = await emailCarrier(
            { reference, accountId, channel: 'Email', from, to: mail.to, body: mail.text },
            { idPrefix: 'email-', onAccepted: (trx) => storeMailboxMessages(trx, messages) },
          );
          if (result.kind === 'refused') throw smtpError(550, `${result.code}: ${result.message}`);
          if (result.kind === 'unavailable') throw smtpError(451, result.message);
          return `OK queued as ${result.carrierMessageId}`;
        })
        .then(
          (accepted) => callback(null, accepted),
          (error: Error & { responseCode?: number }) => {
            if (error.responseCode === undefined) logger.error('could not store sandbox mail', { error });
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
