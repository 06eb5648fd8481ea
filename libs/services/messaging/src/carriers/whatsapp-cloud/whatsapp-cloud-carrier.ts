import { REDACTED } from '@mp/config';
import { AnswerTooLargeError, describePostError, httpPost, type HttpAnswer } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Channel } from '../../rules';
import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from '../carrier.port';
import type { WhatsAppCloudConnection } from '@mp/carrier-connections';
import { readCloudAnswer } from './cloud-answer';
import { cloudErrorOutcome, type CloudError, type CloudErrorAlert } from './cloud-error-outcome';
import { messageBody } from './message-body';

/** Meta's document requires a `name/x.y.z` User-Agent (a request without one is refused under Prism). */
export const WHATSAPP_CLOUD_USER_AGENT = 'messaging-platform/0.1.0';

export interface WhatsAppCloudCarrierOptions {
  logger?: Logger;
}

const ALERTS: Record<CloudErrorAlert, (code: number | undefined) => string> = {
  operator: (code) =>
    code === 131042
      ? 'WhatsApp Cloud API: payment problem on the business account; messages stay queued until it is fixed'
      : 'WhatsApp Cloud API: access token expired or revoked; messages stay queued until the token is replaced',
  quality: () => 'WhatsApp Cloud API is limiting the number (spam rate limit or policy block)',
};

/**
 * The WhatsApp channel over Meta's Cloud API (issue 29 point 1; CARRIERS.md 2):
 * one JSON POST per message to `{baseUrl}/{apiVersion}/{phoneNumberId}/messages`,
 * its wamid the carrier message id. Nothing is thrown out of `submit`: every
 * answer, and no answer, is an outcome. The access token goes in the
 * Authorization header only and is masked in any text taken from an answer.
 */
export class WhatsAppCloudCarrier implements CarrierAdapter {
  readonly channels: readonly Channel[] = ['WhatsApp'];
  /** Meta's status webhooks name the message by its wamid only. */
  readonly receiptsByCarrierId = true;
  private readonly endpoint: string;
  private readonly headers: Record<string, string>;

  constructor(
    private readonly connection: WhatsAppCloudConnection,
    private readonly options: WhatsAppCloudCarrierOptions = {},
  ) {
    const base = connection.baseUrl.replace(/\/+$/, '');
    this.endpoint = `${base}/${encodeURIComponent(connection.apiVersion)}/${encodeURIComponent(connection.phoneNumberId)}/messages`;
    this.headers = {
      authorization: `Bearer ${connection.accessToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': WHATSAPP_CLOUD_USER_AGENT,
    };
  }

  async submit(submission: CarrierSubmission): Promise<CarrierOutcome> {
    let answer: HttpAnswer;
    try {
      answer = await httpPost(this.endpoint, {
        headers: this.headers,
        body: JSON.stringify(messageBody(submission)),
        timeoutMs: this.connection.timeoutSeconds * 1000,
      });
    } catch (error) {
      return this.masked(this.failedPost(error));
    }
    return this.masked(this.outcomeOf(answer, submission));
  }

  private failedPost(error: unknown): CarrierOutcome {
    // Checked by name: the error of a timeout, whichever client made it.
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
      return { kind: 'transient', reason: `WhatsApp Cloud API did not answer within ${this.connection.timeoutSeconds} s` };
    }
    if (error instanceof AnswerTooLargeError) return { kind: 'transient', reason: `WhatsApp Cloud API answer larger than ${error.maxBytes} bytes: refused`, error };
    return { kind: 'transient', reason: `WhatsApp Cloud API unreachable (${describePostError(error)})`, error };
  }

  private outcomeOf(answer: HttpAnswer, submission: CarrierSubmission): CarrierOutcome {
    const read = readCloudAnswer(answer.status, answer.body);
    switch (read.kind) {
      case 'sent':
        return { kind: 'accepted', carrierMessageId: read.wamid };
      case 'error': {
        const verdict = cloudErrorOutcome(answer.status, read.error);
        if (verdict.alert) this.alert(verdict.alert, answer.status, read.error, submission);
        return verdict.outcome;
      }
      // Neither a wamid nor Meta's error: a proxy's page or a broken answer. Not Meta's verdict on the
      // message, so it is asked again (dispatch's attempt limit bounds it); no wamid means no receipt could match.
      case 'not-json':
        return { kind: 'transient', reason: `WhatsApp Cloud API answered HTTP ${answer.status} with a page that is not JSON` };
      case 'unexpected':
        return answer.status >= 200 && answer.status < 300
          ? { kind: 'transient', reason: `WhatsApp Cloud API answered HTTP ${answer.status} without messages[0].id` }
          : { kind: 'transient', reason: `WhatsApp Cloud API answered HTTP ${answer.status} without an error object` };
    }
  }

  private alert(alert: CloudErrorAlert, status: number, error: CloudError, submission: CarrierSubmission): void {
    const log = this.options.logger;
    if (!log) return;
    const fields = {
      connection: this.connection.name,
      phoneNumberId: this.connection.phoneNumberId,
      reference: submission.reference,
      httpStatus: status,
      code: error.code,
      metaMessage: error.message && this.mask(error.message),
      details: error.details && this.mask(error.details),
      fbtraceId: error.fbtraceId,
    };
    if (alert === 'operator') log.error(ALERTS.operator(error.code), fields);
    else log.warn(ALERTS.quality(error.code), fields);
  }

  /** Meta's words and network errors are copied into outcomes: the token never is, whatever they contain. */
  private masked(outcome: CarrierOutcome): CarrierOutcome {
    switch (outcome.kind) {
      case 'accepted':
        return outcome;
      case 'rejected':
        return { ...outcome, message: this.mask(outcome.message) };
      case 'transient':
      case 'invalid':
        return { ...outcome, reason: this.mask(outcome.reason) };
    }
  }

  private mask(text: string): string {
    return text.split(this.connection.accessToken).join(REDACTED);
  }
}
