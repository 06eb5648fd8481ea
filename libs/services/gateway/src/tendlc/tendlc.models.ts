/**
 * The registry's entity type of the business: `PRIVATE_PROFIT`,
 * `PUBLIC_PROFIT`, `NON_PROFIT`, `GOVERNMENT` or `SOLE_PROPRIETOR`.
 */
export type TenDlcEntityType = 'PRIVATE_PROFIT' | 'PUBLIC_PROFIT' | 'NON_PROFIT' | 'GOVERNMENT' | 'SOLE_PROPRIETOR';

/** The business's industry, in The Campaign Registry's values. */
export type TenDlcVertical =
  | 'AGRICULTURE'
  | 'COMMUNICATION'
  | 'CONSTRUCTION'
  | 'EDUCATION'
  | 'ENERGY'
  | 'ENTERTAINMENT'
  | 'FINANCIAL'
  | 'GAMBLING'
  | 'GOVERNMENT'
  | 'HEALTHCARE'
  | 'HOSPITALITY'
  | 'HUMAN_RESOURCES'
  | 'INSURANCE'
  | 'LEGAL'
  | 'MANUFACTURING'
  | 'NGO'
  | 'POLITICAL'
  | 'POSTAL'
  | 'PROFESSIONAL'
  | 'REAL_ESTATE'
  | 'RETAIL'
  | 'TECHNOLOGY'
  | 'TRANSPORTATION';

/** The exchange a PUBLIC_PROFIT brand's stock is listed on. */
export type TenDlcStockExchange =
  | 'AMEX'
  | 'AMX'
  | 'ASX'
  | 'B3'
  | 'BME'
  | 'BSE'
  | 'FRA'
  | 'ICEX'
  | 'JPX'
  | 'JSE'
  | 'KRX'
  | 'LON'
  | 'NASDAQ'
  | 'NSE'
  | 'NYSE'
  | 'OMX'
  | 'SEHK'
  | 'SGX'
  | 'SSE'
  | 'STO'
  | 'SWX'
  | 'SZSE'
  | 'TSX'
  | 'TWSE'
  | 'VSE';

/**
 * The brand's identity status at the registry: `PENDING` from registration
 * until the registry reports `VERIFIED`, `UNVERIFIED` or `VETTED_VERIFIED`
 * (after vetting by a third party). In sandbox the registry reports 30 s after
 * registration on the sandbox clock: `UNVERIFIED` when the display name
 * contains "unverified", `VETTED_VERIFIED` when it contains "vetted",
 * `VERIFIED` otherwise.
 */
export type TenDlcBrandStatus = 'PENDING' | 'VERIFIED' | 'UNVERIFIED' | 'VETTED_VERIFIED';

/**
 * A 10DLC brand registration: the fields The Campaign Registry asks for.
 * Which fields are needed depends on `entityType` (each field says when);
 * the whole body is checked before anything is stored or submitted, and one
 * 400 `VALIDATION_FAILED` names every bad field. Values of the wrong JSON
 * type, outside the published enums, over the published length or unknown
 * fields are answered first, in one 400 naming each of them.
 */
export interface RegisterTenDlcBrandRequest {
  /**
   * Your unique reference for this registration (1-50 letters, digits and
   * `._:-`). Registering again with a reference used before answers the brand
   * it created (201, same `brandId`) instead of a second billable
   * registration, when the fields are the same; other fields under a used
   * reference are 409 `CONFLICT`.
   * @maxLength 50
   */
  referenceId?: string;
  /** Required. */
  entityType?: TenDlcEntityType;
  /**
   * Required: the name the brand is known by (at most 255 characters).
   * @maxLength 255
   */
  displayName?: string;
  /**
   * The legal company name (at most 255 characters). Required except for SOLE_PROPRIETOR.
   * @maxLength 255
   */
  companyName?: string;
  /**
   * The tax id: a US EIN is 9 digits (`NN-NNNNNNN` accepted); a Canadian
   * business number 9 digits, optionally with its program account
   * (`123456789RT0001`); elsewhere the id as issued (4-21 letters and
   * digits). Required except for SOLE_PROPRIETOR, which registers without one.
   * @maxLength 21
   */
  ein?: string;
  /**
   * ISO 3166-1 alpha-2 country that issued `ein`. Required with `ein`.
   * @maxLength 16
   */
  einIssuingCountry?: string;
  /**
   * The contact's first name (at most 100 characters). Required for SOLE_PROPRIETOR.
   * @maxLength 100
   */
  firstName?: string;
  /**
   * The contact's last name (at most 100 characters). Required for SOLE_PROPRIETOR.
   * @maxLength 100
   */
  lastName?: string;
  /**
   * E.164 mobile number; the registry sends a sole proprietor's one-time code there. Required for SOLE_PROPRIETOR.
   * @maxLength 40
   */
  mobilePhone?: string;
  /**
   * Required: the support contact's email address (at most 100 characters).
   * @maxLength 100
   */
  email?: string;
  /**
   * Required: the support contact's phone, E.164 (e.g. `+14155550100`).
   * @maxLength 40
   */
  phone?: string;
  /**
   * Required: street and number (at most 100 characters).
   * @maxLength 100
   */
  street?: string;
  /**
   * Required (at most 100 characters).
   * @maxLength 100
   */
  city?: string;
  /**
   * Required: a USPS code in the US (`CA`), a province or territory code in Canada (`ON`), the region elsewhere (at most 20 characters).
   * @maxLength 20
   */
  state?: string;
  /**
   * Required: `NNNNN` or `NNNNN-NNNN` in the US, `A1A 1A1` in Canada, 2-10 letters, digits, spaces or dashes elsewhere.
   * @maxLength 10
   */
  postalCode?: string;
  /**
   * Required: ISO 3166-1 alpha-2 country of the address.
   * @maxLength 16
   */
  country?: string;
  /**
   * The business's website, an http or https URL naming a domain (at most
   * 100 characters). Required except for SOLE_PROPRIETOR.
   * @maxLength 100
   */
  website?: string;
  /** Required. */
  vertical?: TenDlcVertical;
  /**
   * The ticker (letters and digits, with `.` or `-`; at most 10). Required for PUBLIC_PROFIT, refused for the others.
   * @maxLength 10
   */
  stockSymbol?: string;
  /** Required for PUBLIC_PROFIT, refused for the others. */
  stockExchange?: TenDlcStockExchange;
}

/** A 10DLC brand: the registration as accepted (normalised) and its status at the registry. */
export interface TenDlcBrand {
  /** @format uuid */
  brandId: string;
  /** @format uuid */
  accountId: string;
  referenceId: string | null;
  entityType: TenDlcEntityType;
  displayName: string;
  companyName: string | null;
  /** Digits (and letters outside the US and Canada) only: a US EIN as 9 digits. Null for a sole proprietor. */
  ein: string | null;
  einIssuingCountry: string | null;
  firstName: string | null;
  lastName: string | null;
  mobilePhone: string | null;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  website: string | null;
  vertical: TenDlcVertical;
  stockSymbol: string | null;
  stockExchange: TenDlcStockExchange | null;
  status: TenDlcBrandStatus;
  /** The registry's id of the brand (TCR: `B` and six letters or digits); null until submitted. */
  registryBrandId: string | null;
  /** A registry test brand (every sandbox brand): never billed. */
  mock: boolean;
  /**
   * The time of the status the registry last reported; null while PENDING.
   * @format date-time
   */
  statusUpdatedAt: string | null;
  /** @format date-time */
  createdAt: string;
  /** @format date-time */
  updatedAt: string;
}
