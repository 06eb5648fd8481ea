/**
 * The closed value sets of a 10DLC brand registration, as The Campaign
 * Registry (TCR) names them (FIELD-NOTES "10DLC": BrandRequest). The gateway
 * publishes the same lists as enums; the service checks them again.
 */

export const ENTITY_TYPES = ['PRIVATE_PROFIT', 'PUBLIC_PROFIT', 'NON_PROFIT', 'GOVERNMENT', 'SOLE_PROPRIETOR'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** A brand's identity status: PENDING until the registry reports one of the others. */
export const BRAND_STATUSES = ['PENDING', 'VERIFIED', 'UNVERIFIED', 'VETTED_VERIFIED'] as const;
export type BrandStatus = (typeof BRAND_STATUSES)[number];
/** The statuses a registry callback may move a brand to. */
export const REPORTED_STATUSES: readonly BrandStatus[] = ['VERIFIED', 'UNVERIFIED', 'VETTED_VERIFIED'];

/** TCR's vertical (industry) values. */
export const VERTICALS = [
  'AGRICULTURE',
  'COMMUNICATION',
  'CONSTRUCTION',
  'EDUCATION',
  'ENERGY',
  'ENTERTAINMENT',
  'FINANCIAL',
  'GAMBLING',
  'GOVERNMENT',
  'HEALTHCARE',
  'HOSPITALITY',
  'HUMAN_RESOURCES',
  'INSURANCE',
  'LEGAL',
  'MANUFACTURING',
  'NGO',
  'POLITICAL',
  'POSTAL',
  'PROFESSIONAL',
  'REAL_ESTATE',
  'RETAIL',
  'TECHNOLOGY',
  'TRANSPORTATION',
] as const;

/** Stock exchanges TCR accepts for a PUBLIC_PROFIT brand. */
export const STOCK_EXCHANGES = [
  'AMEX',
  'AMX',
  'ASX',
  'B3',
  'BME',
  'BSE',
  'FRA',
  'ICEX',
  'JPX',
  'JSE',
  'KRX',
  'LON',
  'NASDAQ',
  'NSE',
  'NYSE',
  'OMX',
  'SEHK',
  'SGX',
  'SSE',
  'STO',
  'SWX',
  'SZSE',
  'TSX',
  'TWSE',
  'VSE',
] as const;

/** ISO 3166-1 alpha-2 country codes. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/** USPS codes: the states, DC, the territories and the military post offices. */
export const US_STATES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR VI AA AE AP'
  ).split(' '),
);

/** Canada's provinces and territories. */
export const CA_PROVINCES: ReadonlySet<string> = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/**
 * The first two digits of a US EIN name the IRS campus that issued it; these
 * prefixes were never issued, so an EIN starting with one is mistyped.
 */
export const UNISSUED_EIN_PREFIXES: ReadonlySet<string> = new Set('00 07 08 09 17 18 19 28 29 49 69 70 78 79 89 96 97'.split(' '));
