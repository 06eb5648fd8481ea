import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { GatewayDeps } from '../app/gateway-deps';
import { toOptInRecordResource, toOptOutResource, toPreferencesResource } from './recipient-consent.mapper';
import type {
  OptInRecordList,
  OptInRecordRequest,
  OptInRecordResource,
  OptInRequest,
  OptInResult,
  OptOutList,
  OptOutResource,
  RecipientPreferencesResource,
  RecordOptOutRequest,
} from './recipient-consent.models';

/**
 * The consent operations, the same on both route bases: each controller
 * method only says which base it came through. Consent validates every field
 * and decides reach and rights, so both bases answer alike.
 */
export interface ConsentCall {
  deps: GatewayDeps;
  principal: Principal;
  route: consentV1.ConsentRoute;
}

const options = (call: ConsentCall) => ({ principal: call.principal });
const consent = (call: ConsentCall) => call.deps.clients.consent;

export async function recordOptOut(call: ConsentCall, body: RecordOptOutRequest): Promise<{ created: boolean; optOut: OptOutResource }> {
  const res = await consent(call).recordOptOut(
    { route: call.route, recipient: body.recipient, channelType: body.channelType, reason: body.reason, scope: body.scope },
    options(call),
  );
  if (!res.optOut) throw new Error('consent answered no opt-out');
  return { created: res.created, optOut: toOptOutResource(res.optOut) };
}

export async function optIn(call: ConsentCall, body: OptInRequest): Promise<OptInResult> {
  const res = await consent(call).optIn(
    {
      route: call.route,
      recipient: body.recipient,
      channelType: body.channelType,
      consentConfirmed: body.consentConfirmed,
      consentMethod: body.consentMethod,
      consentEvidence: body.consentEvidence,
      scope: body.scope,
    },
    options(call),
  );
  return { lifted: res.lifted.map(toOptOutResource), stillSuppressed: res.stillSuppressed, entryId: res.entryId };
}

export async function listOptOuts(
  call: ConsentCall,
  query: { recipient?: string; channelType?: string; pageSize?: string; cursor?: string },
): Promise<OptOutList> {
  const res = await consent(call).listOptOuts({ route: call.route, ...query }, options(call));
  return { items: res.items.map(toOptOutResource), nextCursor: res.nextCursor ?? null };
}

export async function preferences(call: ConsentCall, recipient: string | undefined): Promise<RecipientPreferencesResource> {
  return toPreferencesResource(await consent(call).getPreferences({ route: call.route, recipient }, options(call)));
}

export async function createOptInRecord(call: ConsentCall, body: OptInRecordRequest): Promise<{ stillOptedOut: boolean; record: OptInRecordResource }> {
  const res = await consent(call).createOptInRecord(
    {
      route: call.route,
      phoneNumber: body.phone_number,
      optedInAt: body.opted_in_at,
      method: body.method,
      source: body.source,
      consentLanguage: body.consent_language,
    },
    options(call),
  );
  if (!res.record) throw new Error('consent answered no record');
  return { stillOptedOut: res.stillOptedOut, record: toOptInRecordResource(res.record) };
}

export async function listOptInRecords(
  call: ConsentCall,
  query: { phoneNumber?: string; pageSize?: string; cursor?: string },
): Promise<OptInRecordList> {
  const res = await consent(call).listOptInRecords({ route: call.route, ...query }, options(call));
  return { items: res.items.map(toOptInRecordResource), nextCursor: res.nextCursor ?? null };
}
