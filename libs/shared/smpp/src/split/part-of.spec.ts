import { partOf } from './part-of';
import { splitMessage } from './split-message';

const LONG = 'y'.repeat(153) + 'z'.repeat(8); // 161 septets: parts of 153 and 8

describe('partOf', () => {
  it.each(['udh', 'sar'] as const)('reads back the place and text of each %s part splitMessage made', (method) => {
    const { parts } = splitMessage(LONG, { method, reference: 0x42 });
    expect(parts.map((p) => partOf(p))).toEqual([
      { ok: true, concatenation: { reference: 0x42, total: 2, seq: 1 }, text: Buffer.from('y'.repeat(153)) },
      { ok: true, concatenation: { reference: 0x42, total: 2, seq: 2 }, text: Buffer.from('z'.repeat(8)) },
    ]);
  });

  it('takes message_payload as the text when present', () => {
    const [part] = splitMessage(LONG, { method: 'payload', reference: 0 }).parts;
    expect(partOf(part)).toEqual({ ok: true, concatenation: undefined, text: Buffer.from(LONG) });
  });

  it('a single message has no concatenation', () => {
    expect(partOf({ esmClass: 0, shortMessage: Buffer.from('Hi') })).toEqual({ ok: true, concatenation: undefined, text: Buffer.from('Hi') });
  });

  it('a UDHI short_message with a broken header is a failure', () => {
    expect(partOf({ esmClass: 0x40, shortMessage: Buffer.from('0900', 'hex') })).toMatchObject({ ok: false });
  });
});
