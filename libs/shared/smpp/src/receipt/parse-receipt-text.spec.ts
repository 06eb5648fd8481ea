import { MessageState } from './message-state';
import { parseReceiptText } from './parse-receipt-text';

describe('parseReceiptText', () => {
  it('reads the SMPP 3.4 Appendix B form', () => {
    const result = parseReceiptText('id:0123456789 sub:001 dlvrd:001 submit date:2611271530 done date:2611271531 stat:DELIVRD err:000 text:Hello @ world');
    expect(result).toEqual({
      ok: true,
      receipt: {
        id: '0123456789',
        stat: 'DELIVRD',
        messageState: MessageState.DELIVERED,
        sub: 1,
        dlvrd: 1,
        submitDate: { raw: '2611271530', year: 2026, month: 11, day: 27, hour: 15, minute: 30, second: 0 },
        doneDate: { raw: '2611271531', year: 2026, month: 11, day: 27, hour: 15, minute: 31, second: 0 },
        err: '000',
        text: 'Hello @ world',
      },
    });
  });

  it('reads 12-digit dates, any case, any order, and a Text: that holds keys of its own', () => {
    const result = parseReceiptText('STAT:undeliv ID:E999F21 Submit_Date:261127153012 DONE DATE:261127153159 Err:0x0B Text:id:fake stat:DELIVRD');
    expect(result.ok && result.receipt).toMatchObject({
      id: 'E999F21',
      stat: 'UNDELIV',
      messageState: MessageState.UNDELIVERABLE,
      submitDate: { second: 12 },
      doneDate: { minute: 31, second: 59 },
      err: '0x0B',
      text: 'id:fake stat:DELIVRD',
    });
  });

  it('leaves missing or unreadable fields undefined', () => {
    const result = parseReceiptText('id:abc-1 stat:ACCEPTD sub:xyz submit date:2613401530 done date:26112715');
    expect(result.ok && result.receipt).toEqual({
      id: 'abc-1',
      stat: 'ACCEPTD',
      messageState: MessageState.ACCEPTED,
      sub: undefined,
      dlvrd: undefined,
      submitDate: undefined, // month 13
      doneDate: undefined, // 8 digits
      err: undefined,
      text: undefined,
    });
  });

  it('keeps a stat SMPP does not define, without a message_state', () => {
    expect(parseReceiptText('id:1 stat:FAILED').ok && parseReceiptText('id:1 stat:FAILED')).toMatchObject({ receipt: { stat: 'FAILED', messageState: undefined } });
  });

  it.each([
    ['an empty string', '', 'no receipt fields (id:, stat:)'],
    ['an ordinary inbound message', 'Hello, is this the pizza place?', 'no receipt fields (id:, stat:)'],
    ['binary garbage', '\u0000\u00ff\u0001id\u0002:', 'no receipt fields (id:, stat:)'],
    ['no id', 'sub:001 dlvrd:001 stat:DELIVRD', 'no id: value'],
    ['an empty id', 'id: stat:DELIVRD', 'no id: value'],
    ['no stat', 'id:ABC001 err:000', 'no stat: value'],
    ['keys glued to other words', 'paid:5 status:ok', 'no receipt fields (id:, stat:)'],
  ])('refuses %s', (_name, text, reason) => {
    expect(parseReceiptText(text)).toEqual({ ok: false, reason });
  });
});
