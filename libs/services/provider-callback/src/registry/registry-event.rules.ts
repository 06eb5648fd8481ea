import { isoDateTime, MAX_ID_LENGTH } from '../ingest/callback-fields';

/** TCR's event type for a brand's identity status (the only registry event applied so far). */
export const BRAND_IDENTITY_STATUS_UPDATE = 'BRAND_IDENTITY_STATUS_UPDATE';
const MAX_STATUS_LENGTH = 50;
const MAX_DESCRIPTION_LENGTH = 1_000;

export interface BrandStatusReport {
  registryBrandId: string;
  brandReferenceId?: string;
  identityStatus: string;
  description?: string;
  occurredAt?: Date;
  mock: boolean;
}

/** What a stored registry (tcr) event means. */
export type RegistryEventReading =
  | { kind: 'not-a-brand-status-event' }
  | { kind: 'unusable'; reason: string }
  | { kind: 'brand-status'; report: BrandStatusReport };

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : undefined;

/**
 * Reads a registry callback shaped like TCR's webhook events:
 * `{ eventId, eventType, occurredAt, brandId, brandReferenceId, brandName,
 * brandIdentityStatus, description, mock }`. A BRAND_IDENTITY_STATUS_UPDATE
 * naming a brand and a status is a status report; one without them is
 * "unusable" (stored and logged, answered 200 so the registry stops
 * retrying); campaign and other events are only stored. The status is passed
 * on as sent: tendlc decides which statuses it knows.
 */
export function readRegistryEvent(payload: Record<string, unknown>): RegistryEventReading {
  if (payload.eventType !== BRAND_IDENTITY_STATUS_UPDATE) return { kind: 'not-a-brand-status-event' };
  const registryBrandId = text(payload.brandId, MAX_ID_LENGTH);
  if (!registryBrandId) return { kind: 'unusable', reason: 'brandId is missing' };
  const identityStatus = text(payload.brandIdentityStatus, MAX_STATUS_LENGTH);
  if (!identityStatus) return { kind: 'unusable', reason: 'brandIdentityStatus is missing' };
  return {
    kind: 'brand-status',
    report: {
      registryBrandId,
      brandReferenceId: text(payload.brandReferenceId, MAX_ID_LENGTH),
      identityStatus,
      description: text(payload.description, MAX_DESCRIPTION_LENGTH),
      occurredAt: isoDateTime(payload.occurredAt),
      mock: payload.mock === true,
    },
  };
}
