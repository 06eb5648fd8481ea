import { checkImportFile } from './import-file.rules';

const NOW = new Date('2026-10-18T12:00:00.000Z');
const HEADER = 'phone_number,opted_in_at,method,source,consent_language';
const records = (lines: string[], now = NOW) => checkImportFile(Buffer.from(`${HEADER}\n${lines.join('\n')}\n`), 'opt-in-records', now);
const valid = (line: string) => {
  const [outcome] = records([line]);
  if (outcome.outcome !== 'valid') throw new Error(`expected a valid row, got ${JSON.stringify(outcome)}`);
  return outcome.value;
};
const reasonsOf = (line: string) => {
  const [outcome] = records([line]);
  return outcome.outcome === 'invalid' ? outcome.reasons : [];
};

describe('evidence file rows (spec 4.7 rule 5, 2.7)', () => {
  it('reads a full row, the time as a Date', () => {
    expect(records(["'+14155550100 ,2026-01-31T09:30:00Z, WebForm ,\"https://example.com/signup, step 2\", en-US "])).toEqual([
      {
        row: 1,
        outcome: 'valid',
        value: { phoneNumber: '+14155550100', optedInAt: new Date('2026-01-31T09:30:00Z'), method: 'WebForm', source: 'https://example.com/signup, step 2', consentLanguage: 'en-US' },
      },
    ]);
  });

  it('leaves blank optional cells null', () => {
    expect(valid('+14155550100,2026-01-31T09:30:00Z,Verbal,,')).toMatchObject({ source: null, consentLanguage: null });
    expect(checkImportFile(Buffer.from('phone_number,opted_in_at,method\n+14155550100,2026-01-31T09:30:00Z,Verbal\n'), 'opt-in-records', NOW)[0]).toMatchObject({
      outcome: 'valid',
      value: { source: null, consentLanguage: null },
    });
  });

  it.each([
    ['2026-01-31T09:30:00Z', '2026-01-31T09:30:00.000Z'],
    ['2026-01-31T09:30:00.123Z', '2026-01-31T09:30:00.123Z'],
    ['2026-01-31T09:30:00.1234567Z', '2026-01-31T09:30:00.123Z'],
    ['2026-01-31T09:30Z', '2026-01-31T09:30:00.000Z'],
    ['2026-01-31t09:30:00z', '2026-01-31T09:30:00.000Z'],
    ['2024-02-29T23:59:59Z', '2024-02-29T23:59:59.000Z'],
    ['2026-10-18T12:00:00Z', '2026-10-18T12:00:00.000Z'], // exactly now
  ])('reads opted_in_at %j as %s', (cell, iso) => {
    expect(valid(`+14155550100,${cell},Text,,`).optedInAt.toISOString()).toBe(iso);
  });

  const FORMAT = 'opted_in_at must be a UTC time in ISO 8601 ending in Z (such as 2026-01-31T09:30:00Z)';
  it.each([
    ['2026-01-31T09:30:00+00:00', FORMAT],
    ['2026-01-31T09:30:00', FORMAT],
    ['2026-01-31', FORMAT],
    ['31/01/2026 09:30', FORMAT],
    ['1769851800', FORMAT],
    ['2026-02-30T00:00:00Z', 'opted_in_at is not a real date and time'],
    ['2025-02-29T00:00:00Z', 'opted_in_at is not a real date and time'],
    ['2026-01-31T24:00:00Z', 'opted_in_at is not a real date and time'],
    ['2026-01-31T09:60:00Z', 'opted_in_at is not a real date and time'],
    ['0000-12-31T23:59:59Z', 'opted_in_at must be in year 0001 or later'],
    ['2026-10-18T12:00:00.001Z', 'opted_in_at must not be in the future'],
    ['2027-01-01T00:00:00Z', 'opted_in_at must not be in the future'],
    ['', 'opted_in_at is required'],
  ])('refuses opted_in_at %j: %s', (cell, reason) => {
    expect(reasonsOf(`+14155550100,${cell},Text,,`)).toEqual([reason]);
  });

  it.each([
    ['', 'phone_number is required'],
    ['14155550100', 'phone_number must be an E.164 number (such as +14155550100)'],
    ['ann@example.com', 'phone_number must be an E.164 number (such as +14155550100)'],
    ['+1234567890123456', 'phone_number must be an E.164 number (such as +14155550100)'],
  ])('refuses phone_number %j', (cell, reason) => {
    expect(reasonsOf(`${cell},2026-01-31T09:30:00Z,Text,,`)).toEqual([reason]);
  });

  it('holds method to 1..100 characters, source to 500, consent_language to 35', () => {
    expect(valid(`+14155550100,2026-01-31T09:30:00Z,${'m'.repeat(100)},${'s'.repeat(500)},${'l'.repeat(35)}`).method).toHaveLength(100);
    expect(reasonsOf('+14155550100,2026-01-31T09:30:00Z,  ,,')).toEqual(['method is required']);
    expect(reasonsOf(`+14155550100,2026-01-31T09:30:00Z,${'m'.repeat(101)},${'s'.repeat(501)},${'l'.repeat(36)}`)).toEqual([
      'method must be at most 100 characters',
      'source must be at most 500 characters',
      'consent_language must be at most 35 characters',
    ]);
  });

  it('gives every reason of a row at once', () => {
    expect(reasonsOf('x,yesterday,,,')).toEqual(['phone_number must be an E.164 number (such as +14155550100)', FORMAT, 'method is required']);
  });

  it('marks a row repeating an earlier number, time and method as duplicate_in_file', () => {
    const outcomes = records([
      '+14155550100,2026-01-31T09:30:00Z,WebForm,first,',
      '+14155550100,2026-01-31T09:30:00.000Z,WebForm,same time written longer,',
      '+14155550100,2026-01-31T09:30:00Z,Written,,',
      '+14155550100,2026-01-31T09:30:01Z,WebForm,,',
      '+14155550101,2026-01-31T09:30:00Z,WebForm,,',
      "'+14155550100,2026-01-31T09:30Z, WebForm ,,fr",
    ]);
    expect(outcomes.map((o) => [o.row, o.outcome, 'firstRow' in o ? o.firstRow : null])).toEqual([
      [1, 'valid', null],
      [2, 'duplicate_in_file', 1],
      [3, 'valid', null],
      [4, 'valid', null],
      [5, 'valid', null],
      [6, 'duplicate_in_file', 1],
    ]);
  });

  it("ignores the export's subaccount_id and created_at", () => {
    const text = 'phone_number,opted_in_at,method,source,consent_language,subaccount_id,created_at\r\n+14155550100,2026-01-31T09:30:00Z,Text,,,sub-1,whatever\r\n';
    expect(checkImportFile(Buffer.from(text), 'opt-in-records', NOW)[0]).toMatchObject({ outcome: 'valid', value: { phoneNumber: '+14155550100', method: 'Text' } });
  });
});
