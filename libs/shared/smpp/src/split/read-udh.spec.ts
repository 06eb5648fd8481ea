import { readUdh } from './read-udh';
import { splitMessage } from './split-message';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');

describe('readUdh', () => {
  it('reads back what splitMessage writes (8-bit reference)', () => {
    const { parts } = splitMessage('x'.repeat(200), { method: 'udh', reference: 0x9c });
    expect(parts.map((p) => readUdh(p.shortMessage))).toEqual([
      { ok: true, concatenation: { reference: 0x9c, total: 2, seq: 1 }, text: Buffer.from('x'.repeat(153)) },
      { ok: true, concatenation: { reference: 0x9c, total: 2, seq: 2 }, text: Buffer.from('x'.repeat(47)) },
    ]);
  });

  it('reads a 16-bit reference and skips other elements (an application port)', () => {
    expect(readUdh(hex('0c 05 04 0b84 23f0 08 04 1234 03 02 4869'))).toEqual({
      ok: true,
      concatenation: { reference: 0x1234, total: 3, seq: 2 },
      text: Buffer.from('Hi'),
    });
  });

  it('has no concatenation for a header without one', () => {
    expect(readUdh(hex('06 05 04 0b84 23f0 4869'))).toEqual({ ok: true, concatenation: undefined, text: Buffer.from('Hi') });
  });

  it.each([
    ['an empty short_message', ''],
    ['a header longer than the message', '05 00 03 01'],
    ['an element longer than the header', '03 00 03 01 02 03'],
    ['an element cut inside its own header', '01 00 4869'],
  ])('refuses %s', (_name, h) => {
    expect(readUdh(hex(h))).toMatchObject({ ok: false });
  });
});
