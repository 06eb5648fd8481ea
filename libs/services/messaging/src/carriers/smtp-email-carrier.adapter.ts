import { createTransport, type Transporter } from 'nodemailer';
import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from './carrier.port';

/** Headers the email carrier reads (the sandbox SMTP server, service-contracts "Email carrier"). */
export const REFERENCE_HEADER = 'X-Carrier-Reference';
export const ACCOUNT_HEADER = 'X-Carrier-Account-Id';

/** RFC 5322 recommends lines of at most 78 characters; a subject longer than that reads badly anyway. */
const MAX_SUBJECT_LENGTH = 78;

/**
 * The submission has no subject field (spec 2.1), so the subject is the body's
 * first non-blank line, shortened with an ellipsis.
 */
export function subjectOf(body: string): string {
  const line = body.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  const chars = Array.from(line);
  return chars.length <= MAX_SUBJECT_LENGTH ? line : `${chars.slice(0, MAX_SUBJECT_LENGTH - 1).join('')}…`;
}

/** `250 OK queued as <id>`: the carrier's id for the mail; other servers' replies vary. */
const QUEUED_AS = /queued as\s+(\S+)/i;

interface SmtpError {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/** 5xx replies refuse the mail for good; 4xx, connection trouble and timeouts are worth another try. */
function classifyFailure(error: unknown): CarrierOutcome {
  const e = (error ?? {}) as SmtpError;
  const text = e.response ?? e.message ?? String(error);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) {
    const code = /^\d{3}\s+(?:\d\.\d\.\d\s+)?([A-Z_]+):/.exec(text)?.[1] ?? `SMTP_${e.responseCode}`;
    return { kind: 'rejected', code, message: text.replace(/^\d{3}\s+/, '') };
  }
  return { kind: 'transient', reason: `email carrier: ${e.code ?? 'error'} ${text}`.trim(), error };
}

export interface SmtpEmailCarrierOptions {
  /** CARRIER_SMTP_URL, e.g. smtp://127.0.0.1:2525 (the simulator's SMTP server in sandbox). */
  smtpUrl: string;
  timeoutMs?: number;
}

/**
 * The Email channel's carrier: a real SMTP conversation. The reference rides
 * in a header so the carrier can answer a repeat without sending twice, and
 * the Message-ID is derived from it so any mail system can spot a duplicate.
 */
export class SmtpEmailCarrierAdapter implements CarrierAdapter {
  private readonly transport: Transporter;

  constructor(options: SmtpEmailCarrierOptions) {
    const timeout = options.timeoutMs ?? 10_000;
    this.transport = createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 3,
    });
  }

  async submit(submission: CarrierSubmission): Promise<CarrierOutcome> {
    try {
      const info = (await this.transport.sendMail({
        from: submission.from,
        to: submission.to,
        subject: subjectOf(submission.body),
        text: submission.body,
        messageId: `<${submission.reference.replace(/[^A-Za-z0-9.-]/g, '.')}@${submission.from.split('@')[1] ?? 'messaging.local'}>`,
        headers: { [REFERENCE_HEADER]: submission.reference, [ACCOUNT_HEADER]: submission.accountId },
      })) as { response?: string; messageId?: string };
      const id = QUEUED_AS.exec(info.response ?? '')?.[1] ?? info.messageId;
      if (!id) return { kind: 'transient', reason: 'email carrier accepted the mail without an id' };
      return { kind: 'accepted', carrierMessageId: id };
    } catch (error) {
      return classifyFailure(error);
    }
  }

  close(): void {
    this.transport.close();
  }
}
