import type { tendlcV1 } from '@mp/contracts';
import { CUSTOMER, type MethodAccess } from '@mp/grpc';

/** Every method is a customer route (spec 4.8); reach, the ManageRouting right and roles are decided by reachBrands. */
export const tenDlcAccess: MethodAccess<typeof tendlcV1.TenDlcServiceService> = {
  listBrands: CUSTOMER,
  registerBrand: CUSTOMER,
  getBrand: CUSTOMER,
};
