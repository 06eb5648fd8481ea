import { toCarrierReceipt } from '../carrier-receipts/carrier-receipt.rules';
import { paramsObject, parseTwilioForm, type TwilioParams } from './twilio-form';
import { parseStatusCallback, TWILIO_MESSAGE_STATUSES } from './twilio-status';
import { carrierReceiptBody, twilioStatusAction } from './twilio-status-receipt';
import { ACCOUNT_SID, MESSAGE_SID, statusBody, STATUS_DELIVERED, STATUS_FAILED, STATUS_SENDING_VIA_SERVICE, STATUS_SENT, STATUS_UNDELIVERED } from './testing/twilio-callback-fixtures';

const receivedAt = new Date('2026-11-28T10:00:00.000Z');

function params(body: string): TwilioParams {
  const parsed = parseTwilioForm(body);
  if (!parsed.ok) throw new Error(`fixture refused: ${parsed.detail}`);
  return parsed.params;
}

function action(body: string) {
  const p = params(body);
  const status = parseStatusCallback(p);
  if (!status.ok) throw new Error(`refused: ${status.detail}`);
  return twilioStatusAction(status.status, receivedAt, paramsObject(p));
}

describe('parseStatusCallback', () => {
  it('reads the documented parameters of a delivered callback', () => {
    expect(parseStatusCallback(params(STATUS_DELIVERED))).toEqual({
      ok: true,
      status: { messageSid: MESSAGE_SID, messageStatus: 'delivered', accountSid: ACCOUNT_SID, from: '+15017250604', to: '+15558675310', rawDlrDoneDate: '2302141505' },
    });
  });

  it('reads ErrorCode on undelivered and failed', () => {
    expect(parseStatusCallback(params(STATUS_UNDELIVERED))).toMatchObject({ ok: true, status: { messageStatus: 'undelivered', errorCode: '30003' } });
    expect(parseStatusCallback(params(STATUS_FAILED))).toMatchObject({ ok: true, status: { messageStatus: 'failed', errorCode: '30007' } });
  });

  it('ignores parameters Twilio adds without notice, and a RawDlrDoneDate in another shape', () => {
    const status = parseStatusCallback(params(statusBody('delivered', '&ChannelPrefix=sms&NewThing=x&RawDlrDoneDate=soon')));
    expect(status).toMatchObject({ ok: true, status: { messageStatus: 'delivered' } });
    expect(status.ok && status.status).not.toHaveProperty('rawDlrDoneDate');
  });

  it.each([
    ['an empty parameter set', '', 'missing-field', /MessageSid/],
    ['no MessageSid', STATUS_DELIVERED.replace(`MessageSid=${MESSAGE_SID}&`, ''), 'missing-field', /MessageSid/],
    ['an empty MessageSid', STATUS_DELIVERED.replace(`MessageSid=${MESSAGE_SID}`, 'MessageSid='), 'missing-field', /MessageSid/],
    ['a MessageSid not shaped like a sid', STATUS_DELIVERED.replace(`MessageSid=${MESSAGE_SID}`, 'MessageSid=SM%27%3B+drop'), 'invalid-field', /MessageSid/],
    ['no MessageStatus (SmsStatus alone is not read)', STATUS_DELIVERED.replace('MessageStatus=delivered&', ''), 'missing-field', /MessageStatus/],
    ['a status Twilio does not document', statusBody('exploded'), 'unknown-status', /exploded/],
    ['an AccountSid not shaped like a sid', statusBody('delivered').replace(`AccountSid=${ACCOUNT_SID}`, 'AccountSid=nope'), 'invalid-field', /AccountSid/],
    ['an ErrorCode too long for the receipt', statusBody('failed', `&ErrorCode=${'9'.repeat(65)}`), 'invalid-field', /ErrorCode/],
  ])('refuses %s with a reason and no status', (_, body, reason, detail) => {
    const result = parseStatusCallback(body === '' ? new Map() : params(body));
    expect(result).toEqual({ ok: false, reason, detail: expect.stringMatching(detail) });
  });

  it('knows every status of Twilio’s Message resource', () => {
    for (const status of TWILIO_MESSAGE_STATUSES) expect(parseStatusCallback(params(statusBody(status))).ok).toBe(true);
  });
});

describe('twilioStatusAction', () => {
  it('delivered: a delivered receipt the platform’s receipt rules accept once the reference is known', () => {
    const result = action(STATUS_DELIVERED);
    expect(result).toMatchObject({ kind: 'receipt', receipt: { eventId: `${MESSAGE_SID}:delivered`, carrierMessageId: MESSAGE_SID, status: 'delivered', occurredAt: receivedAt.toISOString() } });
    if (result.kind !== 'receipt') throw new Error('not a receipt');
    expect(result.receipt).not.toHaveProperty('errorCode');
    const record = toCarrierReceipt(carrierReceiptBody(result.receipt, 'b3f1c2d4-0000-4000-8000-000000000001:1'));
    expect(record).toMatchObject({ eventId: `${MESSAGE_SID}:delivered`, carrierMessageId: MESSAGE_SID, messageId: 'b3f1c2d4-0000-4000-8000-000000000001', attempt: 1, status: 'delivered' });
    // The callback is kept as it came, RawDlrDoneDate included.
    expect(record.payload).toMatchObject({ twilio: { MessageStatus: 'delivered', RawDlrDoneDate: '2302141505' } });
  });

  it.each([
    ['undelivered', STATUS_UNDELIVERED, '30003'],
    ['failed', STATUS_FAILED, '30007'],
  ])('%s: an undelivered receipt with Twilio’s ErrorCode', (twilioStatus, body, errorCode) => {
    const result = action(body);
    expect(result).toMatchObject({ kind: 'receipt', receipt: { eventId: `${MESSAGE_SID}:${twilioStatus}`, status: 'undelivered', errorCode, twilioStatus } });
    if (result.kind !== 'receipt') throw new Error('not a receipt');
    expect(toCarrierReceipt(carrierReceiptBody(result.receipt, 'm-1:2'))).toMatchObject({ status: 'undelivered', errorCode, attempt: 2 });
  });

  it('sent: a carrier event only', () => {
    expect(action(STATUS_SENT)).toEqual({
      kind: 'carrier-event',
      event: { eventId: `${MESSAGE_SID}:sent`, carrierMessageId: MESSAGE_SID, rawStatus: 'sent', occurredAt: receivedAt.toISOString(), payload: expect.objectContaining({ MessageStatus: 'sent' }) },
    });
  });

  it('gives a repeat of a callback the same event id, and another status another', () => {
    const first = action(STATUS_DELIVERED);
    const repeat = action(STATUS_DELIVERED);
    const failed = action(STATUS_FAILED);
    const id = (a: ReturnType<typeof action>) => (a.kind === 'receipt' ? a.receipt.eventId : undefined);
    expect(id(repeat)).toBe(id(first));
    expect(id(failed)).not.toBe(id(first));
  });

  it.each(['queued', 'sending', 'accepted', 'scheduled', 'canceled', 'read', 'receiving', 'received', 'partially_delivered'])('%s: reported as not acted on', (status) => {
    expect(action(statusBody(status))).toEqual({ kind: 'ignored', messageSid: MESSAGE_SID, status });
  });

  it('a Messaging Service’s sending callback is not acted on either', () => {
    expect(action(STATUS_SENDING_VIA_SERVICE)).toMatchObject({ kind: 'ignored', status: 'sending' });
  });
});
