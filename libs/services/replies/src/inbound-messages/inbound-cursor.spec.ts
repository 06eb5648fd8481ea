import { decodeCursor, encodeCursor } from './inbound-cursor';

const position = { receivedAt: '2025-03-01T10:00:00.123456Z', inboundMessageId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' };

describe('inbound cursor', () => {
  it('round-trips a position as URL-safe text', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    ['not base64url', 'abc$def'],
    ['plain garbage', 'hello'],
    ['a timestamp only', Buffer.from('2025-03-01T10:00:00.123456Z').toString('base64url')],
    ['a position without its check', Buffer.from('2025-03-01T10:00:00.123456Z|1b4e28ba-2fa1-41d2-883f-0016d3cca427').toString('base64url')],
    ['a forged check', Buffer.from('2025-03-01T10:00:00.123456Z|1b4e28ba-2fa1-41d2-883f-0016d3cca427|AAAAAAAAAA').toString('base64url')],
    ['a bad id', Buffer.from('2025-03-01T10:00:00.123456Z|not-a-uuid|AAAAAAAAAA').toString('base64url')],
    ['padding', `${encodeCursor(position)}=`],
  ])('rejects %s', (_label, raw) => {
    expect(decodeCursor(raw)).toBeUndefined();
  });

  it('rejects a cursor with any single character changed', () => {
    const cursor = encodeCursor(position);
    for (let i = 0; i < cursor.length; i++) {
      const tampered = cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
      expect(decodeCursor(tampered)).toBeUndefined();
    }
  });

  it('rejects a cursor for a moved position', () => {
    const moved = encodeCursor({ ...position, receivedAt: '2025-03-01T10:00:00.123457Z' });
    const [, , digest] = Buffer.from(moved, 'base64url').toString('utf8').split('|');
    const forged = Buffer.from(`${position.receivedAt}|${position.inboundMessageId}|${digest}`).toString('base64url');
    expect(decodeCursor(forged)).toBeUndefined();
  });
});
