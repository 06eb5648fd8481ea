export { carrierSimulatorService } from './carrier-simulator.module';
export { carrierSimulatorConfigSchema, type CarrierSimulatorConfig } from './carrier-simulator.config';
export { CarrierSimulatorEndpoints, type CarrierSimulatorUrls } from './endpoints/carrier-simulator-endpoints';
export { carrierSimulatorMigrations } from './migrations';
export { SANDBOX_SMSC_CREDENTIALS } from './smsc/smsc-settings';
export { listSmscSubmissions, type SmscSubmission } from './smsc/smsc-submissions.repository';
export { SANDBOX_WHATSAPP_CLOUD } from './whatsapp-cloud/cloud-api-settings';
