// gRPC contracts and event schemas compiled from proto/ (see generated/), plus
// the topic names and event types that travel with them.
export * as commonV1 from './generated/common/v1/common.pb';
export * as platformV1 from './generated/platform/v1/admin.pb';
export * as identityV1 from './generated/identity/v1/identity.pb';
export * as identityEvents from './generated/identity/v1/events.pb';
export * as messagingV1 from './generated/messaging/v1/messaging.pb';
export * as messagingEvents from './generated/messaging/v1/events.pb';
export * as routingV1 from './generated/routing/v1/routing.pb';
export * as providerCallbackV1 from './generated/providercallback/v1/provider_callback.pb';
export * as providerCallbackEvents from './generated/providercallback/v1/events.pb';
export * as sandboxV1 from './generated/sandbox/v1/carrier_simulator.pb';
export * as repliesV1 from './generated/replies/v1/replies.pb';
export * as repliesEvents from './generated/replies/v1/events.pb';
export * as consentV1 from './generated/consent/v1/consent.pb';
export * as consentEvents from './generated/consent/v1/events.pb';
export * as webhooksV1 from './generated/webhooks/v1/webhooks.pb';
export * as webhooksEvents from './generated/webhooks/v1/events.pb';
export * as tendlcV1 from './generated/tendlc/v1/tendlc.pb';
export * from './topics';
export * from './reply-keywords';
export * from './carrier-opt-outs';
export * from './carrier-signatures';
