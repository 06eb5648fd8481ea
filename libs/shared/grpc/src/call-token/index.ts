export * from './call-keys';
export * from './call-token-claims';
export * from './call-token-config';
export * from './call-token-signer';
export * from './call-token-verifier';
