import { AnswerTooLargeError, describePostError, httpPost, type HttpAnswer } from '@mp/service-host';
import { inspect } from 'node:util';
import type { Logger } from '@mp/telemetry';
import type { CarrierAdapter, CarrierOutcome, CarrierSubmission } from '../carrier.port';
import type { TwilioConnection } from '@mp/carrier-connections';
import type { Channel } from '../../rules';
import { messageForm, messagesUrl } from './message-form';
import { MisconfigurationAlarm } from './misconfiguration-alarm';
import { readAnswer } from './twilio-answer';
import { basicAuthorization, tokenScrubber } from './twilio-credentials';

export interface TwilioCarrierOptions {
  logger?: Logger;
  /** The alarm's clock (tests). */
  now?: () => number;
}

/**
 * SMS through Twilio's Programmable Messaging API (issue 29 point 3;
 * CARRIERS.md 3): one Messages create per submission, its status callbacks
 * addressed to this connection's callback route. Every answer, and no
 * answer, becomes an outcome: submit never throws, and nothing it returns or
 * logs carries the auth token.
 */
export class TwilioCarrier implements CarrierAdapter {
  readonly channels: readonly Channel[] = ['Sms'];
  /** Status callbacks name the message by its SID only. */
  readonly receiptsByCarrierId = true;
  private readonly url: string;
  private readonly authorization: string;
  private readonly scrub: (text: string) => string;
  private readonly alarm: MisconfigurationAlarm;

  constructor(
    private readonly connection: TwilioConnection,
    private readonly options: TwilioCarrierOptions = {},
  ) {
    this.url = messagesUrl(connection);
    this.authorization = basicAuthorization(connection);
    this.scrub = tokenScrubber(connection);
    this.alarm = new MisconfigurationAlarm(connection.name, options.logger, options.now);
  }

  async submit(submission: CarrierSubmission): Promise<CarrierOutcome> {
    let answer: HttpAnswer;
    try {
      answer = await httpPost(this.url, {
        headers: { authorization: this.authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: messageForm(this.connection, submission).toString(),
        timeoutMs: this.connection.timeoutSeconds * 1000,
      });
    } catch (error) {
      return this.unanswered(error);
    }
    const reading = readAnswer(answer, this.scrub);
    if (reading.misconfigured) this.alarm.raise(reading.misconfigured);
    if (reading.acceptedWithoutSid) {
      this.options.logger?.warn('Twilio answered a send with success but no message sid: it is retried and may be sent twice', {
        connection: this.connection.name,
        reference: submission.reference,
        httpStatus: answer.status,
      });
    }
    return reading.outcome;
  }

  /** No answer read: Twilio may never have seen the request, so a retry is right. */
  private unanswered(error: unknown): CarrierOutcome {
    // Checked by name: the error of a timeout, whichever client made it.
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
      return { kind: 'transient', reason: `Twilio did not answer within ${this.connection.timeoutSeconds} s` };
    }
    if (error instanceof AnswerTooLargeError) return { kind: 'transient', reason: `Twilio's answer is larger than ${error.maxBytes} bytes: refused` };
    const said = this.scrub(describePostError(error));
    // The error goes to the log line whole (stack, cause); one that quotes the token anywhere is replaced by its masked words.
    const whole = inspect(error);
    return { kind: 'transient', reason: `Twilio unreachable (${said})`, error: this.scrub(whole) === whole ? error : new Error(said) };
  }
}
