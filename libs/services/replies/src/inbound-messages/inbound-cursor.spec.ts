import { decodeCursor, encodeCursor, inboundListIdentity } from './inbound-cursor';

const position = { receivedAt: '2025-03-01T10:00:00.123456Z', inboundMessageId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' };
const list = inboundListIdentity('7d1f0a52-2f43-4c4e-9d2c-1a0b6f1e9a11', undefined);

// The cursor grammar itself is @mp/paging's (keyset-cursor); this is what the inbound list adds.
describe('inbound cursor', () => {
  it('round-trips a microsecond position as URL-safe text', () => {
    const cursor = encodeCursor(list, position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(list, cursor)).toEqual(position);
  });

  it('is refused by another list: another account, or another subaccount scope', () => {
    const cursor = encodeCursor(list, position);
    expect(decodeCursor(inboundListIdentity('00000000-0000-4000-8000-000000000000', undefined), cursor)).toBeUndefined();
    expect(decodeCursor(inboundListIdentity('7d1f0a52-2f43-4c4e-9d2c-1a0b6f1e9a11', '1b4e28ba-2fa1-41d2-883f-0016d3cca427'), cursor)).toBeUndefined();
  });

  it('rejects a cursor with any single character changed', () => {
    const cursor = encodeCursor(list, position);
    for (let i = 0; i < cursor.length; i++) {
      const tampered = cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
      expect(decodeCursor(list, tampered)).toBeUndefined();
    }
  });
});
