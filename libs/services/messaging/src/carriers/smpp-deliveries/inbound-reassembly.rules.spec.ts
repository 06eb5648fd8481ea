import { encodeGsm7, encodeUcs2 } from '@mp/smpp';
import { assembleInbound, type InboundPart } from './inbound-reassembly.rules';

const t0 = new Date('2026-11-27T10:00:00Z');
const LIMIT = 10 * 60_000;
let nextId = 1;
const part = (text: string, concat?: [ref: number, total: number, seq: number], at = t0, overrides: Partial<InboundPart> = {}): InboundPart => ({
  id: String(nextId++),
  sourceAddr: '447700900123',
  destAddr: '15550000001',
  dataCoding: 0,
  concatRef: concat?.[0] ?? null,
  concatTotal: concat?.[1] ?? null,
  concatSeq: concat?.[2] ?? null,
  text: Buffer.from(encodeGsm7(text)),
  receivedAt: at,
  ...overrides,
});

describe('inbound reassembly', () => {
  it('hands a single message on at once', () => {
    const [message] = assembleInbound([part('STOP')], t0, LIMIT);
    expect(message).toMatchObject({ body: 'STOP', complete: true });
  });

  it.each([
    [[1, 2, 3]],
    [[3, 1, 2]],
    [[2, 3, 1]],
  ])('puts three parts together in seq order whatever order they came in (%j)', (order) => {
    const texts = ['Hello ', 'long ', 'world'];
    const parts = order.map((seq) => part(texts[seq - 1], [42, 3, seq]));
    expect(assembleInbound(parts.slice(0, 2), t0, LIMIT)).toEqual([]);
    const [message] = assembleInbound(parts, t0, LIMIT);
    expect(message).toMatchObject({ body: 'Hello long world', complete: true });
    expect(message.parts).toHaveLength(3);
  });

  it('keeps messages of one reference from different senders apart', () => {
    const ready = assembleInbound([part('A', [1, 2, 1]), part('B', [1, 2, 2], t0, { sourceAddr: '447700900999' })], t0, LIMIT);
    expect(ready).toEqual([]);
  });

  it('decodes UCS-2 across parts (an emoji split between them stays whole)', () => {
    const octets = encodeUcs2('hi 😀');
    const a = part('', [5, 2, 1], t0, { dataCoding: 0x08, text: Buffer.from(octets.subarray(0, 8)) });
    const b = part('', [5, 2, 2], t0, { dataCoding: 0x08, text: Buffer.from(octets.subarray(8)) });
    expect(assembleInbound([b, a], t0, LIMIT)[0].body).toBe('hi 😀');
  });

  it('after the limit hands an incomplete message on with the parts that came, in order', () => {
    const parts = [part('three', [9, 3, 3]), part('one ', [9, 3, 1])];
    expect(assembleInbound(parts, new Date(t0.getTime() + LIMIT - 1), LIMIT)).toEqual([]);
    const [message] = assembleInbound(parts, new Date(t0.getTime() + LIMIT), LIMIT);
    expect(message).toMatchObject({ body: 'one three', complete: false });
  });

  it('takes a part that came twice once', () => {
    const [message] = assembleInbound([part('a', [3, 2, 1]), part('a', [3, 2, 1]), part('b', [3, 2, 2])], t0, LIMIT);
    expect(message.body).toBe('ab');
    expect(message.parts).toHaveLength(3);
  });

  it('has no body for binary data', () => {
    expect(assembleInbound([part('x', undefined, t0, { dataCoding: 0x04 })], t0, LIMIT)[0].body).toBeUndefined();
  });
});
