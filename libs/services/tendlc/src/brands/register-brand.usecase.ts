import type { tendlcV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { TenDlcDeps } from '../tendlc-deps';
import { newBrandRow, toTenDlcBrand } from './brand';
import { reachBrands } from './brand-reach.rules';
import { checkBrandRequest, registrationFingerprint } from './brand-request.rules';
import { findBrandByReference, insertBrandIfNew, setRegistryBrandId } from './brands.repository';

/**
 * POST /v1/tendlc/brands (spec 4.8). Every field is checked against the
 * entity type first (one VALIDATION_FAILED naming every bad field; nothing
 * stored or submitted). Then, in one transaction, the brand is stored
 * PENDING and submitted to the registry. A `referenceId` the account used
 * before answers that brand as it is now (created false) instead of a second
 * billable registration, provided the registration is the same; another
 * registration under a used reference is 409 CONFLICT.
 */
export async function registerBrand(deps: TenDlcDeps, principal: Principal, request: tendlcV1.RegisterBrandRequest): Promise<tendlcV1.RegisterBrandResponse> {
  const accountId = reachBrands(principal, request.accountId, 'register');
  const { registration, referenceId } = checkBrandRequest(request);
  const fingerprint = registrationFingerprint(registration);
  return deps.db.transaction(async (trx) => {
    const now = deps.clock.now();
    const row = newBrandRow({ accountId, registration, referenceId, fingerprint, mock: deps.registry.mock }, now);
    if (!(await insertBrandIfNew(trx, row))) {
      const first = referenceId === undefined ? undefined : await findBrandByReference(trx, accountId, referenceId);
      if (!first) throw new Error('brand insert ignored without a brand under its reference');
      if (first.request_fingerprint !== fingerprint) {
        throw new DomainError('CONFLICT', 'This referenceId was used for another brand registration: send the same registration to get that brand, or use a new referenceId.', {
          errors: { referenceId: ['names a brand registered with other fields'] },
        });
      }
      return { brand: toTenDlcBrand(first), created: false };
    }
    const { registryBrandId } = await deps.registry.submit(trx, row, now);
    await setRegistryBrandId(trx, row.id, registryBrandId);
    deps.logger.info('10DLC brand registered', { brandId: row.id, registryBrandId, entityType: registration.entityType, mock: row.mock });
    return { brand: toTenDlcBrand({ ...row, registry_brand_id: registryBrandId }), created: true };
  });
}
