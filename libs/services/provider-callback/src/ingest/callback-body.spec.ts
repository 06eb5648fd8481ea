import { parseJsonObject } from './callback-body';

describe('parseJsonObject', () => {
  it('returns a JSON object', () => {
    expect(parseJsonObject(Buffer.from('{"id":"evt_1"}'))).toEqual({ id: 'evt_1' });
  });

  it.each(['{"eventId":', '[1,2]', 'null', '"text"', ''])('refuses %p as INVALID_INPUT', (raw) => {
    expect(() => parseJsonObject(Buffer.from(raw))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', status: 400 }));
  });
});
