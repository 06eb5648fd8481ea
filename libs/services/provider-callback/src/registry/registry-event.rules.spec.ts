import { readRegistryEvent } from './registry-event.rules';

const update = (fields: Record<string, unknown> = {}) => ({
  eventId: 'e-1',
  eventType: 'BRAND_IDENTITY_STATUS_UPDATE',
  brandId: 'BQ3F9K2',
  brandIdentityStatus: 'VERIFIED',
  ...fields,
});

describe('readRegistryEvent', () => {
  it('reads a brand identity status update as TCR shapes it', () => {
    expect(readRegistryEvent(update({ brandReferenceId: 'ref', description: ' ok ', occurredAt: '2026-12-10T10:00:00+01:00', mock: true }))).toEqual({
      kind: 'brand-status',
      report: { registryBrandId: 'BQ3F9K2', brandReferenceId: 'ref', identityStatus: 'VERIFIED', description: 'ok', occurredAt: new Date('2026-12-10T09:00:00Z'), mock: true },
    });
  });

  it('passes the status on as sent, and leaves out a time without an offset', () => {
    expect(readRegistryEvent(update({ brandIdentityStatus: 'SELF_DECLARED', occurredAt: '2026-12-10T10:00:00' }))).toMatchObject({
      kind: 'brand-status',
      report: { identityStatus: 'SELF_DECLARED', occurredAt: undefined, mock: false },
    });
  });

  it.each([
    [{ brandId: undefined }, 'brandId is missing'],
    [{ brandId: 42 }, 'brandId is missing'],
    [{ brandIdentityStatus: ' ' }, 'brandIdentityStatus is missing'],
    [{ brandIdentityStatus: 'X'.repeat(51) }, 'brandIdentityStatus is missing'],
  ])('finds %p unusable', (fields, reason) => {
    expect(readRegistryEvent(update(fields))).toEqual({ kind: 'unusable', reason });
  });

  it('leaves campaign and other events alone', () => {
    expect(readRegistryEvent(update({ eventType: 'CAMPAIGN_EXPIRED' }))).toEqual({ kind: 'not-a-brand-status-event' });
    expect(readRegistryEvent({ id: 'x', type: 'brand.status_updated' })).toEqual({ kind: 'not-a-brand-status-event' });
  });
});
