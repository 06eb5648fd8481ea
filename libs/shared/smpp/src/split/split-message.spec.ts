import { SmppEncodeError } from '../pdu/smpp-errors';
import { decodeGsm7 } from '../text/gsm7';
import { decodeUcs2 } from '../text/ucs2';
import { ESM_CLASS_UDHI, splitMessage } from './split-message';

const GSM_3_PARTS = 'a'.repeat(153) + 'b'.repeat(153) + 'c€'; // 153 + 153 + 3 septets

describe('splitMessage', () => {
  it('sends a single-segment body as one plain part, whatever the method', () => {
    for (const method of ['udh', 'sar', 'payload'] as const) {
      expect(splitMessage('Hi @ €', { method, reference: 7 })).toEqual({
        encoding: 'gsm7',
        dataCoding: 0x00,
        parts: [{ shortMessage: Buffer.from('4869200020' + '1b65', 'hex'), esmClass: 0, tlvs: {} }],
      });
    }
  });

  it('udh: each part starts 05 00 03 ref total seq, with esm_class UDHI', () => {
    const { dataCoding, parts } = splitMessage(GSM_3_PARTS, { method: 'udh', reference: 0xab });
    expect(dataCoding).toBe(0x00);
    expect(parts.map((p) => p.shortMessage.subarray(0, 6).toString('hex'))).toEqual(['050003ab0301', '050003ab0302', '050003ab0303']);
    expect(parts.map((p) => p.esmClass)).toEqual([ESM_CLASS_UDHI, ESM_CLASS_UDHI, ESM_CLASS_UDHI]);
    expect(parts.map((p) => decodeGsm7(p.shortMessage.subarray(6)))).toEqual(['a'.repeat(153), 'b'.repeat(153), 'c€']);
    expect(parts[0].shortMessage).toHaveLength(6 + 153);
  });

  it('sar: the text alone in short_message, reference/total/seq as TLVs', () => {
    const { parts } = splitMessage(GSM_3_PARTS, { method: 'sar', reference: 0x1234 });
    expect(parts.map((p) => p.tlvs)).toEqual([1, 2, 3].map((seq) => ({ sarMsgRefNum: 0x1234, sarTotalSegments: 3, sarSegmentSeqnum: seq })));
    expect(parts.map((p) => p.esmClass)).toEqual([0, 0, 0]);
    expect(parts[2].shortMessage.toString('hex')).toBe('63' + '1b65');
  });

  it('payload: one part, empty short_message, the whole text in message_payload', () => {
    const { parts } = splitMessage(GSM_3_PARTS, { method: 'payload', reference: 0 });
    expect(parts).toHaveLength(1);
    expect(parts[0].shortMessage).toHaveLength(0);
    expect(decodeGsm7(parts[0].tlvs.messagePayload!)).toBe(GSM_3_PARTS);
  });

  it('UCS-2 parts never cut a surrogate pair', () => {
    const body = 'çç' + '😀'.repeat(40); // 82 code units: the 33rd emoji would take units 67-68
    const { dataCoding, parts } = splitMessage(body, { method: 'udh', reference: 1 });
    expect(dataCoding).toBe(0x08);
    const texts = parts.map((p) => decodeUcs2(p.shortMessage.subarray(6)));
    expect(texts.join('')).toBe(body);
    expect(texts.every((t) => !/[\uD800-\uDBFF]$/.test(t))).toBe(true);
    expect(parts[0].shortMessage).toHaveLength(6 + 66 * 2); // 2 + 32 emoji: the part is left one unit short
  });

  it('refuses a reference the method cannot carry and more than 255 segments', () => {
    expect(() => splitMessage(GSM_3_PARTS, { method: 'udh', reference: 256 })).toThrow(SmppEncodeError);
    expect(() => splitMessage(GSM_3_PARTS, { method: 'sar', reference: 65536 })).toThrow(SmppEncodeError);
    expect(() => splitMessage('a'.repeat(153 * 256), { method: 'udh', reference: 1 })).toThrow(/256 segments/);
  });
});
