import { createHash } from 'node:crypto';
import { checkEmailAddress, describeE164Fault, e164Fault } from '@mp/addresses';
import type { tendlcV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import {
  CA_PROVINCES,
  COUNTRY_CODES,
  ENTITY_TYPES,
  STOCK_EXCHANGES,
  UNISSUED_EIN_PREFIXES,
  US_STATES,
  VERTICALS,
  type EntityType,
} from './brand-vocabulary';

/** A registration that passed every check, normalised (what is stored and submitted to the registry). */
export interface BrandRegistration {
  entityType: EntityType;
  displayName: string;
  companyName?: string;
  /** Digits (and, outside the US, letters) only: a US EIN as 9 digits. */
  ein?: string;
  einIssuingCountry?: string;
  firstName?: string;
  lastName?: string;
  mobilePhone?: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  website?: string;
  vertical: string;
  stockSymbol?: string;
  stockExchange?: string;
}

/** Longest value of each text field, in characters (TCR's limits). */
export const FIELD_LIMITS = {
  referenceId: 50,
  displayName: 255,
  companyName: 255,
  ein: 21,
  firstName: 100,
  lastName: 100,
  email: 100,
  street: 100,
  city: 100,
  state: 20,
  postalCode: 10,
  website: 100,
  stockSymbol: 10,
} as const;

const REFERENCE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const US_EIN = /^\d{2}-?\d{7}$/;
const CA_BUSINESS_NUMBER = /^\d{9}(?:[A-Z]{2}\d{4})?$/;
const OTHER_TAX_ID = /^[A-Z0-9]{4,21}$/;
const US_POSTAL_CODE = /^\d{5}(?:-\d{4})?$/;
const CA_POSTAL_CODE = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/;
const OTHER_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/;
const OTHER_STATE = /^[\p{L}\p{N}][\p{L}\p{N} .'-]*$/u;
const STOCK_SYMBOL = /^[A-Z0-9][A-Z0-9.-]*$/;
// C0 and C1 controls, and the line and paragraph separators: never part of a name or an address.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const length = (value: string) => [...value].length;
const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

/** Field problems of one request, thrown as one VALIDATION_FAILED naming every field. */
class BrandFieldErrors {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  has(field: string): boolean {
    return Object.hasOwn(this.errors, field);
  }

  throwIfAny(): void {
    const fields = Object.keys(this.errors);
    if (fields.length === 0) return;
    throw DomainError.validation(this.errors, `The brand registration has invalid fields: ${fields.join(', ')}.`);
  }
}

/**
 * Checks a RegisterTenDlcBrandRequest field by field against its entity type
 * before anything is stored or submitted (FIELD-NOTES "10DLC": lint before
 * the registry's fee is spent), and answers it normalised. Every bad field is
 * named in one VALIDATION_FAILED. Blank strings count as absent.
 *
 * - Every brand: `entityType`, `displayName`, `email`, `phone` (E.164), the
 *   address (`street`, `city`, `state`, `postalCode`, `country`) and `vertical`.
 * - Not SOLE_PROPRIETOR: `companyName`, `ein` with `einIssuingCountry` (a US
 *   EIN is 9 digits, `NN-NNNNNNN` accepted, from a prefix the IRS issues; a
 *   Canadian business number 9 digits, optionally with its program account
 *   `RT0001`; elsewhere 4-21 letters and digits) and `website`.
 * - SOLE_PROPRIETOR: no tax id; `firstName`, `lastName` and `mobilePhone`
 *   (where the registry sends its one-time code).
 * - PUBLIC_PROFIT: `stockSymbol` and `stockExchange` (from the known list);
 *   no other entity type may name them.
 * - Formats: US states are USPS codes and Canadian provinces their two-letter
 *   codes; US postal codes `NNNNN` or `NNNNN-NNNN`, Canadian `A1A 1A1`;
 *   `website` an http(s) URL naming a domain; `referenceId` 1-50 letters,
 *   digits and `._:-`.
 */
export function checkBrandRequest(request: tendlcV1.RegisterBrandRequest): { registration: BrandRegistration; referenceId?: string } {
  const errors = new BrandFieldErrors();
  const text = (field: keyof typeof FIELD_LIMITS | 'entityType' | 'einIssuingCountry' | 'mobilePhone' | 'phone' | 'country' | 'vertical' | 'stockExchange'): string | undefined => {
    const raw = (request as unknown as Record<string, unknown>)[field];
    if (typeof raw !== 'string') return undefined;
    const value = raw.trim();
    if (value === '') return undefined;
    const limit = (FIELD_LIMITS as Record<string, number | undefined>)[field];
    if (limit !== undefined && length(value) > limit) {
      errors.add(field, `must be at most ${limit} characters`);
      return undefined;
    }
    if (CONTROL.test(value)) {
      errors.add(field, 'must not contain control characters or line breaks');
      return undefined;
    }
    return value;
  };
  const required = (field: string, value: string | undefined, why = 'is required') => {
    if (value === undefined && !errors.has(field)) errors.add(field, why);
    return value;
  };
  const absent = (field: string, value: string | undefined, why: string) => {
    if (value !== undefined) errors.add(field, why);
    return undefined;
  };

  const referenceId = text('referenceId');
  if (referenceId !== undefined && !REFERENCE_ID.test(referenceId)) errors.add('referenceId', 'must be letters, digits and . _ : - (starting with a letter or digit)');

  const rawEntityType = text('entityType');
  const entityType = ENTITY_TYPES.find((t) => t === rawEntityType);
  if (rawEntityType === undefined) required('entityType', undefined);
  else if (!entityType) errors.add('entityType', oneOf(ENTITY_TYPES));
  const soleProprietor = entityType === 'SOLE_PROPRIETOR';
  const business = entityType !== undefined && !soleProprietor;
  const forEntity = entityType ? `for ${entityType}` : '';

  const displayName = required('displayName', text('displayName'));
  const companyName = text('companyName');
  if (business) required('companyName', companyName, `is required ${forEntity}`);

  // Tax id: a business has one issued by its country; a sole proprietor registers without one.
  let ein = text('ein');
  let einIssuingCountry = text('einIssuingCountry')?.toUpperCase();
  if (einIssuingCountry !== undefined && !COUNTRY_CODES.has(einIssuingCountry)) {
    errors.add('einIssuingCountry', 'must be an ISO 3166-1 alpha-2 country code, e.g. US');
    einIssuingCountry = undefined;
  }
  if (soleProprietor) {
    ein = absent('ein', ein, 'must not be given for SOLE_PROPRIETOR: a sole proprietor registers without a tax id');
    einIssuingCountry = absent('einIssuingCountry', einIssuingCountry, 'must not be given for SOLE_PROPRIETOR');
  } else {
    if (business) {
      required('ein', ein, `is required ${forEntity}`);
      required('einIssuingCountry', einIssuingCountry, `is required ${forEntity}`);
    }
    if (ein !== undefined && einIssuingCountry !== undefined) ein = normaliseTaxId(ein, einIssuingCountry, errors);
    else if (ein !== undefined && !errors.has('einIssuingCountry')) errors.add('einIssuingCountry', 'is required with ein');
  }

  // The person: a sole proprietor's own name and mobile phone (the registry's one-time code goes there).
  const firstName = text('firstName');
  const lastName = text('lastName');
  const mobilePhone = phoneNumber('mobilePhone', text('mobilePhone'), errors);
  if (soleProprietor) {
    required('firstName', firstName, 'is required for SOLE_PROPRIETOR');
    required('lastName', lastName, 'is required for SOLE_PROPRIETOR');
    required('mobilePhone', mobilePhone, 'is required for SOLE_PROPRIETOR');
  }

  const email = text('email');
  const emailCheck = email === undefined ? undefined : checkEmailAddress(email);
  if (emailCheck && !emailCheck.ok) errors.add('email', `must be an email address: it ${emailCheck.reason}`);
  required('email', email);
  const phone = required('phone', phoneNumber('phone', text('phone'), errors));

  // The address: state and postal code are read against the country.
  const street = required('street', text('street'));
  const city = required('city', text('city'));
  let country = text('country')?.toUpperCase();
  if (country !== undefined && !COUNTRY_CODES.has(country)) {
    errors.add('country', 'must be an ISO 3166-1 alpha-2 country code, e.g. US');
    country = undefined;
  }
  required('country', country);
  const state = required('state', regionOf(text('state'), country, errors));
  const postalCode = required('postalCode', postalCodeOf(text('postalCode'), country, errors));

  const website = text('website');
  if (website !== undefined && !isWebsite(website)) errors.add('website', 'must be an http or https URL naming a domain, e.g. https://example.com');
  if (business) required('website', website, `is required ${forEntity}`);

  const vertical = text('vertical');
  if (vertical !== undefined && !(VERTICALS as readonly string[]).includes(vertical)) errors.add('vertical', oneOf(VERTICALS));
  required('vertical', vertical);

  // Stock listing: a public company's, and only a public company's.
  let stockSymbol = text('stockSymbol')?.toUpperCase();
  let stockExchange = text('stockExchange')?.toUpperCase();
  if (stockSymbol !== undefined && !STOCK_SYMBOL.test(stockSymbol)) errors.add('stockSymbol', 'must be letters and digits (with . or -), e.g. ACME');
  if (stockExchange !== undefined && !(STOCK_EXCHANGES as readonly string[]).includes(stockExchange)) errors.add('stockExchange', oneOf(STOCK_EXCHANGES));
  if (entityType === 'PUBLIC_PROFIT') {
    required('stockSymbol', stockSymbol, 'is required for PUBLIC_PROFIT');
    required('stockExchange', stockExchange, 'is required for PUBLIC_PROFIT');
  } else if (entityType) {
    stockSymbol = absent('stockSymbol', stockSymbol, 'is only for PUBLIC_PROFIT brands');
    stockExchange = absent('stockExchange', stockExchange, 'is only for PUBLIC_PROFIT brands');
  }

  errors.throwIfAny();
  const registration: BrandRegistration = {
    entityType: entityType!,
    displayName: displayName!,
    companyName,
    ein,
    einIssuingCountry,
    firstName,
    lastName,
    mobilePhone,
    email: email!,
    phone: phone!,
    street: street!,
    city: city!,
    state: state!,
    postalCode: postalCode!,
    country: country!,
    website,
    vertical: vertical!,
    stockSymbol,
    stockExchange,
  };
  return { registration: withoutAbsent(registration), referenceId };
}

/**
 * The request's fingerprint: a repeated reference id must come with the same
 * registration (after normalisation: `12-3456789` and `123456789` are one EIN).
 */
export function registrationFingerprint(registration: BrandRegistration): string {
  const ordered = Object.fromEntries(Object.entries(registration).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(ordered)).digest('hex');
}

function normaliseTaxId(ein: string, country: string, errors: BrandFieldErrors): string | undefined {
  if (country === 'US') {
    if (!US_EIN.test(ein)) {
      errors.add('ein', 'must be a US EIN: 9 digits, written NNNNNNNNN or NN-NNNNNNN');
      return undefined;
    }
    const digits = ein.replace('-', '');
    if (UNISSUED_EIN_PREFIXES.has(digits.slice(0, 2))) {
      errors.add('ein', `must start with a prefix the IRS issues (never ${digits.slice(0, 2)})`);
      return undefined;
    }
    return digits;
  }
  const compact = ein.replace(/[\s./-]/g, '').toUpperCase();
  if (country === 'CA') {
    if (!CA_BUSINESS_NUMBER.test(compact)) {
      errors.add('ein', 'must be a Canadian business number: 9 digits, optionally followed by its program account (e.g. 123456789RT0001)');
      return undefined;
    }
    return compact;
  }
  if (!OTHER_TAX_ID.test(compact)) {
    errors.add('ein', 'must be the tax id as issued: 4-21 letters and digits');
    return undefined;
  }
  return compact;
}

function phoneNumber(field: string, value: string | undefined, errors: BrandFieldErrors): string | undefined {
  if (value === undefined) return undefined;
  const compact = value.replace(/[\s().-]/g, '');
  const fault = e164Fault(compact);
  if (fault) {
    errors.add(field, fault === 'format' ? 'must be an E.164 phone number, e.g. +14155550100' : describeE164Fault(fault));
    return undefined;
  }
  return compact;
}

function regionOf(state: string | undefined, country: string | undefined, errors: BrandFieldErrors): string | undefined {
  if (state === undefined) return undefined;
  if (country === 'US' || country === 'CA') {
    const code = state.toUpperCase();
    const known = country === 'US' ? US_STATES : CA_PROVINCES;
    if (!known.has(code)) {
      errors.add('state', country === 'US' ? 'must be a two-letter USPS state code, e.g. CA' : 'must be a two-letter province or territory code, e.g. ON');
      return undefined;
    }
    return code;
  }
  if (!OTHER_STATE.test(state)) {
    errors.add('state', 'must be a state, province or region name or code');
    return undefined;
  }
  return state;
}

function postalCodeOf(postalCode: string | undefined, country: string | undefined, errors: BrandFieldErrors): string | undefined {
  if (postalCode === undefined) return undefined;
  const upper = postalCode.toUpperCase();
  if (country === 'US') {
    if (US_POSTAL_CODE.test(upper)) return upper;
    errors.add('postalCode', 'must be a US ZIP code: NNNNN or NNNNN-NNNN');
    return undefined;
  }
  if (country === 'CA') {
    const match = CA_POSTAL_CODE.exec(upper);
    if (match) return `${match[1]} ${match[2]}`;
    errors.add('postalCode', 'must be a Canadian postal code: A1A 1A1');
    return undefined;
  }
  if (OTHER_POSTAL_CODE.test(upper)) return upper;
  errors.add('postalCode', 'must be 2-10 letters, digits, spaces or dashes');
  return undefined;
}

function isWebsite(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  // A registered domain: dotted labels ending in letters, not an address or a single label.
  return /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(url.hostname) || /^(?:[a-z0-9-]+\.)+xn--[a-z0-9-]+$/.test(url.hostname);
}

function withoutAbsent<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
