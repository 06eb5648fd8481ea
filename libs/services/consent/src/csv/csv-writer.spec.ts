import { readCsv } from './csv-reader';
import { csvCell, csvHeader, csvRow, CSV_LINE_END } from './csv-writer';

describe('csvCell', () => {
  it('writes a plain cell as it is', () => {
    expect(csvCell('hello')).toBe('hello');
    expect(csvCell('sub-1')).toBe('sub-1');
    expect(csvCell('Grüße 👋')).toBe('Grüße 👋');
  });

  it('writes null and undefined as an empty cell', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['line\nbreak', '"line\nbreak"'],
    ['line\r\nbreak', '"line\r\nbreak"'],
    [' leading', '" leading"'],
    ['trailing ', '"trailing "'],
    ['tab\t', '"tab\t"'],
  ])('quotes %j only because it must: %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('writes every cell starting with =, +, -, @, tab or CR with a leading apostrophe, E.164 numbers included', () => {
    expect(csvCell('+14155550100')).toBe("'+14155550100");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
  });
});

describe('csvRow and csvHeader', () => {
  it('joins cells with commas and ends the line with CRLF', () => {
    expect(CSV_LINE_END).toBe('\r\n');
    expect(csvHeader(['recipient', 'channel', 'reason'])).toBe('recipient,channel,reason\r\n');
    expect(csvRow(['+14155550100', 'Sms', null])).toBe("'+14155550100,Sms,\r\n");
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });
});

describe('writer then reader', () => {
  const AWKWARD = [
    'plain',
    'comma, inside',
    'quote " inside',
    '"quoted"',
    '""',
    'new\nline',
    'crlf\r\ninside',
    'lone\rcr',
    '\r',
    '\n',
    ',',
    ' leading space',
    'trailing space ',
    '   ',
    '=1+1',
    '=HYPERLINK("http://evil.example","click")',
    '+14155550100',
    '-10',
    '@SUM(A1)',
    '\tTAB',
    '\rCR first',
    "'=already apostrophed",
    "'",
    "''",
    "O'Brien",
    'Grüße, 日本語, עברית, 👋🏽',
    'ß"\n=,',
  ];

  it('gives back exactly the cells written, for every awkward value in every position', () => {
    const columns = ['first', 'value', 'last'];
    const rows = AWKWARD.map((value, index) => [value, value, `${index}`]);
    const text = csvHeader(columns) + rows.map((row) => csvRow(row)).join('') + csvRow(['x', '', 'y']);
    const csv = readCsv(Buffer.from(text, 'utf8'));
    expect(csv.columns).toEqual(columns);
    expect([...csv.rows].map((row) => row.cells)).toEqual([...rows, ['x', '', 'y']]);
  });

  it('gives back a row of one awkward cell each', () => {
    const text = csvHeader(AWKWARD.map((_, i) => `c${i}`)) + csvRow(AWKWARD);
    expect([...readCsv(Buffer.from(text)).rows].map((row) => row.cells)).toEqual([AWKWARD]);
  });
});
