import { csvRecords, CsvFormatError, decodeCsvText, readCsv } from './csv-reader';

const read = (text: string | Buffer) => {
  const csv = readCsv(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
  return { columns: csv.columns, rows: [...csv.rows] };
};
const cellsOf = (text: string | Buffer) => read(text).rows.map((row) => row.cells);

function formatError(run: () => unknown): CsvFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof CsvFormatError) return error;
    throw error;
  }
  throw new Error('expected a CsvFormatError');
}

describe('readCsv', () => {
  it('reads the header (names trimmed, lower case) and the data rows with their lines', () => {
    const { columns, rows } = read(' Recipient ,CHANNEL,reason\n+14155550100,Sms,moved\n');
    expect(columns).toEqual(['recipient', 'channel', 'reason']);
    expect(rows).toEqual([{ line: 2, cells: ['+14155550100', 'Sms', 'moved'] }]);
  });

  it('keeps data cells exactly as written (no trimming)', () => {
    expect(cellsOf('a,b\n  x , y\n')).toEqual([['  x ', ' y']]);
  });

  it('reads quoted fields with "" escapes, commas and line ends inside', () => {
    const text = 'a,b\n"x, y","say ""hi"""\n"multi\nline","crlf\r\ninside"\nlast,row\n';
    const { rows } = read(text);
    expect(rows.map((row) => row.cells)).toEqual([
      ['x, y', 'say "hi"'],
      ['multi\nline', 'crlf\r\ninside'],
      ['last', 'row'],
    ]);
    // A record's line is the line it starts on, counting the line ends inside quotes.
    expect(rows.map((row) => row.line)).toEqual([2, 3, 6]);
  });

  it('reads CRLF, LF and lone CR line ends alike', () => {
    const rows = [['1', '2'], ['3', '4']];
    expect(cellsOf('a,b\r\n1,2\r\n3,4\r\n')).toEqual(rows);
    expect(cellsOf('a,b\n1,2\n3,4\n')).toEqual(rows);
    expect(cellsOf('a,b\r1,2\r3,4\r')).toEqual(rows);
    expect(cellsOf('a,b\r\n1,2\n3,4')).toEqual(rows);
  });

  it('allows a trailing line end or none, and reads a final empty cell', () => {
    expect(cellsOf('a,b\n1,2')).toEqual([['1', '2']]);
    expect(cellsOf('a,b\n1,2\r\n')).toEqual([['1', '2']]);
    expect(cellsOf('a,b\n1,')).toEqual([['1', '']]);
    expect(cellsOf('a,b\n1,""')).toEqual([['1', '']]);
  });

  it('skips blank lines and rows of only empty cells, counting their lines', () => {
    const { rows } = read('a,b\n\n1,2\r\n\r\n,\n , \n3,4\n\n\n');
    expect(rows).toEqual([
      { line: 3, cells: ['1', '2'] },
      { line: 7, cells: ['3', '4'] },
    ]);
  });

  it('skips a UTF-8 byte order mark', () => {
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('recipient,channel\r\n+14155550100,Sms\r\n')]);
    expect(read(file)).toEqual({ columns: ['recipient', 'channel'], rows: [{ line: 2, cells: ['+14155550100', 'Sms'] }] });
  });

  it('reads multi-byte UTF-8 text', () => {
    expect(cellsOf('a,b\nGrüße,"日本語, 👋"\n')).toEqual([['Grüße', '日本語, 👋']]);
  });

  it('refuses a file that is not UTF-8', () => {
    expect(formatError(() => read(Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xff, 0x2c, 0x31]))).message).toBe('The file is not UTF-8 text.');
    // Latin-1 "é" and UTF-16 are not UTF-8 either.
    expect(formatError(() => read(Buffer.from('a,b\ncafé,1\n', 'latin1'))).problem).toBe('is not UTF-8 text');
    expect(formatError(() => read(Buffer.from('\ufeffa,b\n', 'utf16le'))).problem).toBe('is not UTF-8 text');
  });

  it('refuses a NUL character (a binary file), naming its line', () => {
    const error = formatError(() => decodeCsvText(Buffer.from('a,b\n1,2\n3\u0000,4\n')));
    expect(error.line).toBe(3);
  });

  it('refuses a quoted field that is never closed, naming the line it opens on', () => {
    const error = formatError(() => read('a,b\n1,2\n3,"never\nclosed,4\n5,6\n'));
    expect(error.line).toBe(3);
    expect(error.message).toBe('Line 3 opens a quoted field that is never closed.');
  });

  it('refuses text after a closing quote', () => {
    expect(formatError(() => read('a,b\n"x"y,2\n')).line).toBe(2);
  });

  it('keeps a quote inside an unquoted field as a character', () => {
    expect(cellsOf('a,b\n5" screen,2\n')).toEqual([['5" screen', '2']]);
  });

  it('refuses a row with more cells than the header, naming its line', () => {
    const error = formatError(() => read('a,b\n1,2\n\n1,2,3\n'));
    expect(error.line).toBe(4);
    expect(error.message).toBe('Line 4 has 3 cells but the header has 2.');
  });

  it('gives a row with fewer cells than the header empty cells for the rest', () => {
    expect(cellsOf('a,b,c\n1\n1,2\n')).toEqual([
      ['1', '', ''],
      ['1', '2', ''],
    ]);
  });

  it("removes the export's protective apostrophe from data cells, and leaves other apostrophes", () => {
    const text = "a,b,c\n'+14155550100,'=1+1,\"'-2\"\n'@x,\"'\t\",\"'\rz\"\n'plain,O'Brien,'\n\"''=x\",'',x\n";
    expect(cellsOf(text)).toEqual([
      ['+14155550100', '=1+1', '-2'],
      ['@x', '\t', '\rz'],
      ["'plain", "O'Brien", "'"],
      ["'=x", "''", 'x'],
    ]);
  });

  it('has no columns and no rows for a file with no record', () => {
    expect(read('')).toEqual({ columns: [], rows: [] });
    expect(read('\r\n\n')).toEqual({ columns: [], rows: [] });
    expect(read(Buffer.from([0xef, 0xbb, 0xbf]))).toEqual({ columns: [], rows: [] });
  });

  it('reads rows one at a time: a problem further on is met only when reached', () => {
    const rows = readCsv(Buffer.from('a\n1\n2\n"3\n')).rows;
    expect(rows.next().value).toEqual({ line: 2, cells: ['1'] });
    expect(rows.next().value).toEqual({ line: 3, cells: ['2'] });
    expect(() => rows.next()).toThrow(CsvFormatError);
  });
});

describe('csvRecords', () => {
  it('returns the header row like any other record, cells untouched', () => {
    expect([...csvRecords("'=x,b\n")]).toEqual([{ line: 1, cells: ["'=x", 'b'] }]);
  });
});
