import { createTransport } from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** Where queued mail goes; SMTP in every environment, a fake only if a test wants one. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP_URL (options such as `?tls.rejectUnauthorized=false`
 * can ride on the URL). Timeouts are far below nodemailer's minutes-long
 * defaults: the job runs every 500 ms and a hung server must turn into a
 * retry, not a stuck job.
 */
export function createSmtpMailSender(smtpUrl: string): MailSender {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: message.from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
