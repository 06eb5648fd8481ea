import { randomUUID } from 'node:crypto';
import type { tendlcV1 } from '@mp/contracts';
import type { BrandRegistration } from './brand-request.rules';
import type { BrandStatus } from './brand-vocabulary';

/** A row of `brands`. */
export interface BrandRow {
  id: string;
  account_id: string;
  display_name: string;
  /** PENDING, VERIFIED, UNVERIFIED or VETTED_VERIFIED. */
  status: string;
  /** The registration as checked and normalised (BrandRegistration). */
  request: Record<string, unknown>;
  /** The caller's reference: one brand per (account, reference). */
  reference_id?: string | null;
  /** sha256 of the normalised registration: a repeated reference must come with the same one. */
  request_fingerprint?: string | null;
  /** The registry's id of the brand, once submitted. */
  registry_brand_id?: string | null;
  /** A registry test brand (sandbox), never billed. */
  mock?: boolean;
  /** The registry's time of the status it last reported. */
  status_updated_at?: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A new PENDING brand of the account. */
export function newBrandRow(
  fields: { accountId: string; registration: BrandRegistration; referenceId?: string; fingerprint: string; mock: boolean },
  now: Date,
): BrandRow {
  return {
    id: randomUUID(),
    account_id: fields.accountId,
    display_name: fields.registration.displayName,
    status: 'PENDING' satisfies BrandStatus,
    request: { ...fields.registration },
    reference_id: fields.referenceId ?? null,
    request_fingerprint: fields.fingerprint,
    registry_brand_id: null,
    mock: fields.mock,
    status_updated_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** The registration a row was created from. */
export function registrationOf(row: BrandRow): BrandRegistration {
  return row.request as unknown as BrandRegistration;
}

export function toTenDlcBrand(row: BrandRow): tendlcV1.TenDlcBrand {
  const r = row.request ?? {};
  return {
    brandId: row.id,
    accountId: row.account_id,
    displayName: row.display_name,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    referenceId: row.reference_id ?? undefined,
    entityType: text(r.entityType) ?? '',
    companyName: text(r.companyName),
    ein: text(r.ein),
    einIssuingCountry: text(r.einIssuingCountry),
    firstName: text(r.firstName),
    lastName: text(r.lastName),
    mobilePhone: text(r.mobilePhone),
    email: text(r.email),
    phone: text(r.phone),
    street: text(r.street),
    city: text(r.city),
    state: text(r.state),
    postalCode: text(r.postalCode),
    country: text(r.country),
    website: text(r.website),
    vertical: text(r.vertical),
    stockSymbol: text(r.stockSymbol),
    stockExchange: text(r.stockExchange),
    registryBrandId: row.registry_brand_id ?? undefined,
    mock: row.mock ?? false,
    statusUpdatedAt: row.status_updated_at ? iso(row.status_updated_at) : undefined,
  };
}
