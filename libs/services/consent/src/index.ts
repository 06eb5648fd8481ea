export { consentService } from './consent.module';
export { consentConfigSchema, type ConsentConfig } from './consent.config';
export { consentMigrations } from './migrations';
export { consentHandlers } from './consent.handlers';
export { REPLY_KEYWORD_CONSUMER_GROUP } from './reply-keywords/reply-keyword.consumer';
export { isSendBlocked, findBlockingOptOut, placementBlocks, blockReason, type SendAttempt } from './send-permission/send-block-rule';
export { OPT_OUT_SCOPES, canonicalAddress, type OptOut, type OptOutScope } from './opt-outs/opt-out';
