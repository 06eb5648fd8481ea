import { protectCell, unprotectCell } from './cell-protection';

describe('export protection (spec 4.7 rule 6)', () => {
  it.each(['=SUM(A1:A2)', '+14155550100', '-1', '@cmd', '\tx', '\rx', '=', '+'])('writes %j with a leading apostrophe and reads it back', (value) => {
    expect(protectCell(value)).toBe(`'${value}`);
    expect(unprotectCell(protectCell(value))).toBe(value);
  });

  it.each(['plain', '', ' =not first', 'a=b', '1+1', "'", "'plain", "O'Brien", '#tag', '%x'])('leaves %j as it is, both ways', (value) => {
    expect(protectCell(value)).toBe(value);
    expect(unprotectCell(value)).toBe(value);
  });

  it('reads an apostrophe before =, +, -, @, tab or CR as the protection and removes it', () => {
    expect(unprotectCell("'=1+1")).toBe('=1+1');
    expect(unprotectCell("'+14155550100")).toBe('+14155550100');
    expect(unprotectCell("'-")).toBe('-');
    expect(unprotectCell("'@x")).toBe('@x');
    expect(unprotectCell("'\t")).toBe('\t');
    expect(unprotectCell("'\r\n")).toBe('\r\n');
  });

  it('keeps a value that itself starts with apostrophes before a formula character (one more is added, one removed)', () => {
    for (const value of ["'=x", "''+1", "'@"]) {
      expect(protectCell(value)).toBe(`'${value}`);
      expect(unprotectCell(protectCell(value))).toBe(value);
    }
  });
});
