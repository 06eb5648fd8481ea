import { DomainError } from '@mp/problems';
import { throwIfInvalid, type FieldErrors } from './field-errors';
import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor';
import { DEFAULT_PAGE_SIZE, parsePageSize } from './page-size';
import { parseTimeRange } from './time-range';

const problemOf = (errors: FieldErrors): DomainError | undefined => {
  try {
    throwIfInvalid(errors);
    return undefined;
  } catch (error) {
    return error as DomainError;
  }
};

describe('pageSize', () => {
  it.each([
    [undefined, 50],
    ['', 50],
    ['1', 1],
    ['200', 200],
    [1, 1],
    [200, 200],
  ])('%p gives %p', (raw, size) => {
    const errors: FieldErrors = {};
    expect(parsePageSize(raw, errors)).toBe(size);
    expect(errors).toEqual({});
  });

  it.each([['0'], ['201'], ['abc'], ['1.5'], ['-1'], [' 5'], ['00001'], [0], [201], [2.5], [-1], [Number.NaN]])('refuses %p naming pageSize', (raw) => {
    const errors: FieldErrors = {};
    expect(parsePageSize(raw, errors)).toBe(DEFAULT_PAGE_SIZE);
    expect(errors).toEqual({ pageSize: ['must be a whole number from 1 to 200'] });
  });
});

describe('time range', () => {
  it('reads from (inclusive) and to (exclusive), each optional', () => {
    const errors: FieldErrors = {};
    expect(parseTimeRange({ from: '2026-01-01T00:00:00Z', to: '2026-01-01T02:00:00+01:00' }, errors)).toEqual({
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date('2026-01-01T01:00:00Z'),
    });
    expect(parseTimeRange({ from: '', to: undefined }, errors)).toEqual({ from: undefined, to: undefined });
    expect(errors).toEqual({});
  });

  it.each([
    ['equal bounds', { from: '2026-01-02T00:00:00Z', to: '2026-01-02T00:00:00Z' }],
    ['inverted bounds', { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }],
    ['the same instant in two offsets', { from: '2026-01-02T01:00:00+01:00', to: '2026-01-02T00:00:00Z' }],
  ])('an empty range (%s) is VALIDATION_FAILED naming to', (_name, query) => {
    const errors: FieldErrors = {};
    parseTimeRange(query, errors);
    expect(errors).toEqual({ to: ['empty date range: to must be later than from'] });
    expect(problemOf(errors)).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'The date range is empty: to must be later than from.' });
  });

  it('names each unreadable bound, and accepts dates only when asked', () => {
    const errors: FieldErrors = {};
    parseTimeRange({ from: 'yesterday', to: '2026-03-01' }, errors);
    expect(Object.keys(errors)).toEqual(['from', 'to']);
    expect(problemOf(errors)).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Invalid from, to.' });

    const dated: FieldErrors = {};
    expect(parseTimeRange({ from: '2026-03-01', to: '2026-03-02T00:00:00Z' }, dated, { calendarDates: true })).toEqual({
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-02T00:00:00Z'),
    });
    expect(dated).toEqual({});
  });

  it('passes when nothing is wrong', () => {
    expect(problemOf({})).toBeUndefined();
  });
});

describe('keyset cursor', () => {
  const position = { at: '2026-01-31T09:00:00.123456Z', id: '6f1c7a52-9a55-4e0b-8a43-2f0e0b8d6b11' };

  it('round-trips a position within its scope only', () => {
    const cursor = encodeKeysetCursor('messages|acct-1', position);
    expect(decodeKeysetCursor('messages|acct-1', cursor)).toEqual(position);
    expect(decodeKeysetCursor('messages|acct-2', cursor)).toBeUndefined();
  });

  it('refuses edited or made-up text', () => {
    const cursor = encodeKeysetCursor('s', position);
    const edited = Buffer.from(Buffer.from(cursor, 'base64url').toString('utf8').replace('09:00', '10:00')).toString('base64url');
    for (const raw of [edited, 'not-a-cursor', '', `${cursor}=`, 'x'.repeat(300)]) expect(decodeKeysetCursor('s', raw)).toBeUndefined();
  });
});
