import type { tendlcV1 } from '@mp/contracts';
import { orNull } from '../common/nullable';
import type { RegisterTenDlcBrandRequest, TenDlcBrand, TenDlcBrandStatus, TenDlcEntityType, TenDlcStockExchange, TenDlcVertical } from './tendlc.models';

export function toRegisterBrandRequest(accountId: string, body: RegisterTenDlcBrandRequest): tendlcV1.RegisterBrandRequest {
  return { accountId, ...body };
}

export function toTenDlcBrand(b: tendlcV1.TenDlcBrand): TenDlcBrand {
  return {
    brandId: b.brandId,
    accountId: b.accountId,
    referenceId: orNull(b.referenceId),
    entityType: b.entityType as TenDlcEntityType,
    displayName: b.displayName,
    companyName: orNull(b.companyName),
    ein: orNull(b.ein),
    einIssuingCountry: orNull(b.einIssuingCountry),
    firstName: orNull(b.firstName),
    lastName: orNull(b.lastName),
    mobilePhone: orNull(b.mobilePhone),
    email: b.email ?? '',
    phone: b.phone ?? '',
    street: b.street ?? '',
    city: b.city ?? '',
    state: b.state ?? '',
    postalCode: b.postalCode ?? '',
    country: b.country ?? '',
    website: orNull(b.website),
    vertical: (b.vertical ?? '') as TenDlcVertical,
    stockSymbol: orNull(b.stockSymbol),
    stockExchange: orNull(b.stockExchange) as TenDlcStockExchange | null,
    status: b.status as TenDlcBrandStatus,
    registryBrandId: orNull(b.registryBrandId),
    mock: b.mock,
    statusUpdatedAt: orNull(b.statusUpdatedAt),
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}
