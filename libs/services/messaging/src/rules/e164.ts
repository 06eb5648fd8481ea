// '+', a non-zero leading digit, then up to 14 more (15 digits is the E.164
// maximum). ASCII digits only; JS `$` has no trailing-newline leniency.
const E164_PATTERN = /^\+[1-9][0-9]{1,14}$/;

export function isE164(value: string): boolean {
  return typeof value === 'string' && E164_PATTERN.test(value);
}

// ITU-T E.164 assigned country calling codes (geographic areas plus global
// services). Spare and withdrawn codes are deliberately absent so that
// numbers under them are reported as unknown. The set is prefix-free, which is
// what makes a longest-prefix match unambiguous.
const COUNTRY_CALLING_CODES: ReadonlySet<string> = new Set([
  // Zone 1: North American Numbering Plan (all NANP areas share '1').
  '1',
  // Zone 7: Russia, Kazakhstan.
  '7',
  // Zone 2: Africa and some Atlantic/Indian Ocean islands.
  '20', '27',
  '211', '212', '213', '216', '218',
  '220', '221', '222', '223', '224', '225', '226', '227', '228', '229',
  '230', '231', '232', '233', '234', '235', '236', '237', '238', '239',
  '240', '241', '242', '243', '244', '245', '246', '247', '248', '249',
  '250', '251', '252', '253', '254', '255', '256', '257', '258',
  '260', '261', '262', '263', '264', '265', '266', '267', '268', '269',
  '290', '291', '297', '298', '299',
  // Zones 3 and 4: Europe.
  '30', '31', '32', '33', '34', '36', '39',
  '350', '351', '352', '353', '354', '355', '356', '357', '358', '359',
  '370', '371', '372', '373', '374', '375', '376', '377', '378', '379',
  '380', '381', '382', '383', '385', '386', '387', '389',
  '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '420', '421', '423',
  // Zone 5: Mexico, Central and South America.
  '51', '52', '53', '54', '55', '56', '57', '58',
  '500', '501', '502', '503', '504', '505', '506', '507', '508', '509',
  '590', '591', '592', '593', '594', '595', '596', '597', '598', '599',
  // Zone 6: Southeast Asia and Oceania.
  '60', '61', '62', '63', '64', '65', '66',
  '670', '672', '673', '674', '675', '676', '677', '678', '679',
  '680', '681', '682', '683', '685', '686', '687', '688', '689',
  '690', '691', '692',
  // Zone 8: East Asia and global services.
  '81', '82', '84', '86',
  '800', '808', '850', '852', '853', '855', '856',
  '870', '878', '880', '881', '882', '883', '886', '888',
  // Zone 9: West, Central and South Asia, Middle East.
  '90', '91', '92', '93', '94', '95', '98',
  '960', '961', '962', '963', '964', '965', '966', '967', '968',
  '970', '971', '972', '973', '974', '975', '976', '977', '979',
  '992', '993', '994', '995', '996', '998',
]);

/** The assigned country calling codes, for callers that need to enumerate them. */
export function listCountryCallingCodes(): string[] {
  return [...COUNTRY_CALLING_CODES].sort();
}

/**
 * Country calling code of an E.164 number ('1' for all NANP numbers), or
 * undefined when the value is not E.164 or starts with an unassigned code.
 */
export function countryCallingCode(e164: string): string | undefined {
  if (!isE164(e164)) return undefined;
  const digits = e164.slice(1);
  for (let length = Math.min(3, digits.length); length >= 1; length -= 1) {
    const candidate = digits.slice(0, length);
    if (COUNTRY_CALLING_CODES.has(candidate)) return candidate;
  }
  return undefined;
}
