import { tendlcV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import { tenDlcAccess } from './tendlc.access';
import type { ServiceModule } from '@mp/service-host';
import { tenDlcHandlers } from './brands/brands.handlers';
import { tenDlcMigrations } from './migrations';
import type { TenDlcConfig } from './tendlc.config';

/** 10DLC brand and campaign registration (spec 4.8). */
export const tenDlcService: ServiceModule<TenDlcConfig> = {
  name: 'tendlc',
  migrations: tenDlcMigrations,
  create({ db, logger }) {
    const handlers = tenDlcHandlers({ db });
    return { grpc: [implementService(tendlcV1.TenDlcServiceService, handlers, logger, tenDlcAccess)] };
  },
};
