import type { CarrierOutcome, CarrierSubmission } from '../carrier.port';
import { capturingLogger } from '../testing/log-lines';
import { MESSAGE_CREATED, restError, startFakeTwilio, type FakeTwilio } from './testing/fake-twilio';
import { ACCOUNT_SID, AUTH_TOKEN, SERVICE_SID, twilioConnection } from './testing/twilio-connection';
import { TwilioCarrier, unsubscribedAtTwilio, type TwilioCarrierOptions } from './index';

const submission: CarrierSubmission = {
  reference: 'msg-1:1',
  accountId: 'acc-1',
  channel: 'Sms',
  from: '+15005550006',
  to: '+14155550123',
  body: 'Your code is 123456 & more',
};
const BASIC_CREDENTIALS = Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64');

describe('TwilioCarrier', () => {
  let twilio: FakeTwilio;
  beforeEach(async () => {
    twilio = await startFakeTwilio();
  });
  afterEach(() => twilio.stop());
  const carrier = (fields: Parameters<typeof twilioConnection>[1] = {}, options?: TwilioCarrierOptions) =>
    new TwilioCarrier(twilioConnection(twilio.url, fields), options);

  it('posts one form to the account\'s Messages.json with Basic auth, the sender, body and status callback, and is accepted with the sid', async () => {
    const outcome = await carrier().submit(submission);

    expect(outcome).toEqual({ kind: 'accepted', carrierMessageId: 'SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${BASIC_CREDENTIALS}`);
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      To: '+14155550123',
      From: '+15005550006',
      Body: 'Your code is 123456 & more',
      StatusCallback: 'https://messaging.example.com/v1/webhooks/carriers/twilio-us/status',
    });
  });

  it('sends through the Messaging Service instead of a From number when the connection has one', async () => {
    await carrier({ messagingServiceSid: SERVICE_SID }).submit(submission);

    expect(twilio.requests[0].form).toEqual({
      To: '+14155550123',
      MessagingServiceSid: SERVICE_SID,
      Body: 'Your code is 123456 & more',
      StatusCallback: 'https://messaging.example.com/v1/webhooks/carriers/twilio-us/status',
    });
  });

  it('is rejected with code 21610 when the recipient unsubscribed at Twilio, an outcome the platform can tell apart', async () => {
    twilio.answer(restError(21610));
    const outcome = await carrier().submit(submission);

    expect(outcome).toEqual({ kind: 'rejected', code: '21610', message: 'Attempt to send to unsubscribed recipient' });
    expect(unsubscribedAtTwilio(outcome)).toBe(true);
  });

  it.each([21211, 21612, 21614])('is rejected with Twilio\'s code and words for error %i (the recipient)', async (code) => {
    twilio.answer(restError(code));
    const outcome = await carrier().submit(submission);

    expect(outcome).toMatchObject({ kind: 'rejected', code: String(code), message: expect.stringContaining('+1500555000') });
    expect(unsubscribedAtTwilio(outcome)).toBe(false);
  });

  it.each([
    [21606, 400],
    [20003, 401],
  ])('stays transient for error %i (the connection\'s configuration) and logs an error line to alert on', async (code, status) => {
    twilio.answer(restError(code));
    const { logger, lines } = capturingLogger();
    const outcome = await carrier({}, { logger }).submit(submission);

    expect(outcome).toMatchObject({ kind: 'transient', reason: expect.stringContaining(`HTTP ${status} (${code} `) });
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', connection: 'twilio-us', httpStatus: status, twilioCode: code, refusals: 1 }),
    ]);
  });

  it('logs a misconfiguration once a minute, counting the refusals in between', async () => {
    twilio.answer(restError(20003));
    const { logger, lines } = capturingLogger();
    let now = 0;
    const twilioUs = carrier({}, { logger, now: () => now });

    await twilioUs.submit(submission);
    await twilioUs.submit(submission);
    now = 59_999;
    await twilioUs.submit(submission);
    expect(lines.map((line) => line.refusals)).toEqual([1]);
    now = 60_000;
    await twilioUs.submit(submission);
    expect(lines.map((line) => line.refusals)).toEqual([1, 3]);
  });

  it.each([20429, 63017, 21611])('stays transient for error %i (pace) without an error line', async (code) => {
    twilio.answer(restError(code));
    const { logger, lines } = capturingLogger();

    expect(await carrier({}, { logger }).submit(submission)).toMatchObject({ kind: 'transient', reason: expect.stringContaining(String(code)) });
    expect(lines).toEqual([]);
  });

  it('stays transient for HTTP 429 without a Twilio code', async () => {
    twilio.answer({ status: 429, body: '' });
    expect(await carrier().submit(submission)).toEqual({ kind: 'transient', reason: 'Twilio answered HTTP 429 (not a Twilio error: empty answer)' });
  });

  it.each([
    [21602, 'HTTP 400 (21602 Message body is required.)'],
    [20404, 'HTTP 404 (20404 The requested resource'],
  ])('is invalid for another 4xx (%i): the request itself is wrong', async (code, said) => {
    twilio.answer(restError(code));
    expect(await carrier().submit(submission)).toEqual({ kind: 'invalid', reason: expect.stringContaining(said) });
  });

  it('stays transient for a 5xx', async () => {
    twilio.answer(restError(20500));
    expect(await carrier().submit(submission)).toEqual({ kind: 'transient', reason: 'Twilio answered HTTP 500 (20500 Internal Server Error)' });
  });

  it('reads a proxy\'s HTML error page by its status: 502 transient, 404 invalid, each named by the page\'s title', async () => {
    const page = (title: string) => `<html><head><title>${title}</title></head><body><h1>${title}</h1><hr>nginx</body></html>`;
    twilio.answer({ status: 502, body: page('502 Bad Gateway'), contentType: 'text/html' });
    expect(await carrier().submit(submission)).toEqual({ kind: 'transient', reason: 'Twilio answered HTTP 502 (not a Twilio error: 502 Bad Gateway)' });

    twilio.answer({ status: 404, body: page('404 Not Found'), contentType: 'text/html' });
    expect(await carrier().submit(submission)).toEqual({ kind: 'invalid', reason: 'Twilio cannot take the request: HTTP 404 (not a Twilio error: 404 Not Found)' });
  });

  it('stays transient, with a warn line, when a 201 carries no sid (no status callback could be matched to it)', async () => {
    const { sid: _, ...withoutSid } = JSON.parse((MESSAGE_CREATED as { body: string }).body) as Record<string, unknown>;
    twilio.answer({ status: 201, body: JSON.stringify(withoutSid) });
    const { logger, lines } = capturingLogger();

    expect(await carrier({}, { logger }).submit(submission)).toEqual({ kind: 'transient', reason: 'Twilio answered HTTP 201 without a message sid' });
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', connection: 'twilio-us', reference: 'msg-1:1' })]);

    twilio.answer({ status: 201, body: '<html>Created</html>', contentType: 'text/html' });
    expect(await carrier().submit(submission)).toMatchObject({ kind: 'transient' });
  });

  it('stays transient when Twilio does not answer within the connection\'s timeout', async () => {
    twilio.answer('hang');
    const started = Date.now();

    expect(await carrier({ timeoutSeconds: 0.2 }).submit(submission)).toEqual({ kind: 'transient', reason: 'Twilio did not answer within 0.2 s' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stays transient, without throwing, when nothing listens', async () => {
    await twilio.stop();
    const outcome = await new TwilioCarrier(twilioConnection(twilio.url)).submit(submission);

    expect(outcome).toMatchObject({ kind: 'transient', reason: expect.stringContaining('ECONNREFUSED'), error: expect.objectContaining({ code: 'ECONNREFUSED' }) });
  });

  it('never lets the auth token out: not in an outcome, a log line or an error, even when the answer quotes the request', async () => {
    const { logger, lines } = capturingLogger();
    const echo = (request: { authorization: string | undefined }) => `token ${AUTH_TOKEN}, header ${request.authorization ?? ''}`;
    const answers = [
      (request: { authorization: string | undefined }) => ({ status: 401, body: `<html><title>401 ${echo(request)}</title></html>`, contentType: 'text/html' }),
      (request: { authorization: string | undefined }) => ({ status: 401, body: JSON.stringify({ code: 20003, message: echo(request), status: 401 }) }),
      (request: { authorization: string | undefined }) => ({ status: 400, body: JSON.stringify({ code: 21610, message: echo(request), status: 400 }) }),
      (request: { authorization: string | undefined }) => ({ status: 400, body: JSON.stringify({ code: 21999, message: echo(request), status: 400 }) }),
      (request: { authorization: string | undefined }) => ({ status: 503, body: echo(request), contentType: 'text/plain' }),
    ];
    const outcomes: CarrierOutcome[] = [];
    for (const answer of answers) {
      twilio.answer(answer);
      outcomes.push(await carrier({}, { logger }).submit(submission));
    }
    const unreachable = await new TwilioCarrier(twilioConnection(`http://${AUTH_TOKEN}.invalid`), { logger }).submit(submission);
    outcomes.push(unreachable);
    const seen = JSON.stringify({ outcomes, lines, error: String((unreachable as { error?: unknown }).error) });

    // The answers did quote it, masked: the check below reads text that had the token in it.
    expect(seen.match(/\[REDACTED\]/g)?.length).toBeGreaterThanOrEqual(10);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(seen).not.toContain(AUTH_TOKEN);
    expect(seen).not.toContain(BASIC_CREDENTIALS);
  });
});
