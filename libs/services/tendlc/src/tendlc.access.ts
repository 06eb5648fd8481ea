import type { tendlcV1 } from '@mp/contracts';
import { CUSTOMER, type MethodAccess } from '@mp/grpc';

export const tenDlcAccess: MethodAccess<typeof tendlcV1.TenDlcServiceService> = {
  listBrands: CUSTOMER,
};
