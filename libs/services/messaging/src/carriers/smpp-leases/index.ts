// Where the SMPP binds live (issue 28 point 6): a connection's binds are slots leased to messaging replicas.
export { BindLeaseKeeper, processHolderId, type BindLeaseKeeperOptions, type LeasedBinds } from './bind-lease-keeper';
