import { countryCallingCode, isE164, listCountryCallingCodes } from './e164';

describe('isE164', () => {
  it.each([
    ['US number', '+14155550123'],
    ['UK mobile', '+447700900123'],
    ['minimum length: two digits', '+12'],
    ['maximum length: fifteen digits', '+123456789012345'],
    ['zeros after the first digit', '+4400000000'],
  ])('accepts %s', (_name, value) => {
    expect(isE164(value)).toBe(true);
  });

  it.each([
    ['empty string', ''],
    ['plus only', '+'],
    ['one digit', '+1'],
    ['sixteen digits', '+1234567890123456'],
    ['leading zero', '+0123456789'],
    ['missing plus', '14155550123'],
    ['double plus', '++14155550123'],
    ['international 00 prefix', '0014155550123'],
    ['inner space', '+1 4155550123'],
    ['leading space', ' +14155550123'],
    ['trailing space', '+14155550123 '],
    ['trailing newline', '+14155550123\n'],
    ['dashes', '+1-415-555-0123'],
    ['parentheses', '+1(415)5550123'],
    ['dots', '+1.415.555.0123'],
    ['letters', '+1415555CALL'],
    ['full-width digits', '+\uFF11\uFF14\uFF11\uFF15'],
    ['Arabic-Indic digits', '+\u0661\u0664\u0661\u0665'],
    ['full-width plus', '\uFF0B14155550123'],
    ['extension suffix', '+14155550123;ext=1'],
  ])('rejects %s', (_name, value) => {
    expect(isE164(value)).toBe(false);
  });

  it('rejects non-string input from untyped callers', () => {
    expect(isE164(14155550123 as unknown as string)).toBe(false);
    expect(isE164(null as unknown as string)).toBe(false);
  });
});

describe('countryCallingCode', () => {
  it.each([
    ['United States', '+14155550123', '1'],
    ['Canada', '+16135550123', '1'],
    ['Jamaica (NANP)', '+18765550123', '1'],
    ['American Samoa (NANP, formerly 684)', '+16845550123', '1'],
    ['Guam (NANP, formerly 671)', '+16715550123', '1'],
    ['Russia', '+74951234567', '7'],
    ['Kazakhstan', '+77011234567', '7'],
    ['Egypt', '+201001234567', '20'],
    ['South Africa', '+27821234567', '27'],
    ['South Sudan', '+211912345678', '211'],
    ['Morocco', '+212612345678', '212'],
    ['Nigeria', '+2348021234567', '234'],
    ['Kenya', '+254712345678', '254'],
    ['Zimbabwe', '+263771234567', '263'],
    ['Greenland', '+299221234', '299'],
    ['Greece', '+306912345678', '30'],
    ['France', '+33612345678', '33'],
    ['Portugal', '+351912345678', '351'],
    ['Ireland', '+353871234567', '353'],
    ['Finland', '+358401234567', '358'],
    ['Ukraine', '+380501234567', '380'],
    ['Kosovo', '+38344123456', '383'],
    ['North Macedonia', '+38970123456', '389'],
    ['Italy', '+393123456789', '39'],
    ['Czech Republic', '+420601123456', '420'],
    ['Liechtenstein', '+4236601234', '423'],
    ['United Kingdom', '+447700900123', '44'],
    ['Germany', '+4915112345678', '49'],
    ['Falkland Islands', '+50051234', '500'],
    ['Brazil', '+5511912345678', '55'],
    ['Curaçao', '+59995123456', '599'],
    ['Australia', '+61412345678', '61'],
    ['Timor-Leste', '+67077212345', '670'],
    ['Norfolk Island', '+672381234', '672'],
    ['Marshall Islands', '+6922351234', '692'],
    ['Japan', '+819012345678', '81'],
    ['International Freephone', '+80012345678', '800'],
    ['Hong Kong', '+85251234567', '852'],
    ['Inmarsat', '+870771234567', '870'],
    ['Bangladesh', '+8801712345678', '880'],
    ['International Networks', '+882345678901', '882'],
    ['Taiwan', '+886912345678', '886'],
    ['Turkey', '+905321234567', '90'],
    ['India', '+919812345678', '91'],
    ['Iran', '+989121234567', '98'],
    ['Maldives', '+9607712345', '960'],
    ['United Arab Emirates', '+971501234567', '971'],
    ['Israel', '+972501234567', '972'],
    ['International Premium Rate', '+97912345678', '979'],
    ['Uzbekistan', '+998901234567', '998'],
  ])('%s: %s → %s', (_name, number, code) => {
    expect(countryCallingCode(number)).toBe(code);
  });

  it('matches a number that is only a country code', () => {
    expect(countryCallingCode('+12')).toBe('1');
    expect(countryCallingCode('+44')).toBe('44');
    expect(countryCallingCode('+353')).toBe('353');
  });

  it.each([
    ['210', '+2101234567'],
    ['214', '+2141234567'],
    ['259 (former Zanzibar)', '+2591234567'],
    ['28x', '+2801234567'],
    ['292', '+2921234567'],
    ['384', '+3841234567'],
    ['422', '+4221234567'],
    ['671 (Guam moved to NANP)', '+6711234567'],
    ['684 (American Samoa moved to NANP)', '+6841234567'],
    ['693', '+6931234567'],
    ['801', '+8011234567'],
    ['851', '+8511234567'],
    ['969 (former South Yemen)', '+9691234567'],
    ['990', '+9901234567'],
    ['999', '+9991234567'],
  ])('returns undefined for unassigned code %s', (_code, number) => {
    expect(countryCallingCode(number)).toBeUndefined();
  });

  it.each([
    ['missing plus', '14155550123'],
    ['spaces', '+44 7700 900123'],
    ['empty', ''],
    ['too long', '+4477009001234567'],
  ])('returns undefined for non-E.164 input (%s)', (_name, value) => {
    expect(countryCallingCode(value)).toBeUndefined();
  });
});

describe('listCountryCallingCodes', () => {
  const codes = listCountryCallingCodes();

  it('holds only 1-3 digit codes with a non-zero first digit, without duplicates', () => {
    for (const code of codes) expect(code).toMatch(/^[1-9][0-9]{0,2}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is prefix-free, so longest-prefix matching is unambiguous', () => {
    const set = new Set(codes);
    const clashes = codes.filter((code) =>
      [1, 2].some((length) => length < code.length && set.has(code.slice(0, length))),
    );
    expect(clashes).toEqual([]);
  });

  it('has the expected number of codes per length', () => {
    const byLength = [1, 2, 3].map((length) => codes.filter((c) => c.length === length).length);
    // 1 and 7; 44 two-digit country codes; the rest three-digit.
    expect(byLength).toEqual([2, 44, 170]);
  });

  it('resolves every listed code to itself when followed by subscriber digits', () => {
    for (const code of codes) expect(countryCallingCode(`+${code}1234567`)).toBe(code);
  });

  it('returns a copy that callers cannot use to alter the table', () => {
    listCountryCallingCodes().push('999');
    expect(countryCallingCode('+9991234567')).toBeUndefined();
  });
});
