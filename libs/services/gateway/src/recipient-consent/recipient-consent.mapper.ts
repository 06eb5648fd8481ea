import type { consentV1 } from '@mp/contracts';
import { orNull } from '../common/nullable';
import type { ChannelType } from '../messages/messages.models';
import type { ChannelPreferenceResource, ConsentEntryResource, OptInRecordResource, OptOutResource, RecipientPreferencesResource } from './recipient-consent.models';

export function toOptOutResource(o: consentV1.OptOut): OptOutResource {
  return {
    optOutId: o.optOutId,
    recipient: o.recipient,
    channelType: o.channelType as ChannelType,
    scope: o.scope as OptOutResource['scope'],
    subaccountId: orNull(o.subaccountId),
    receivingNumber: orNull(o.receivingNumber),
    source: o.source as OptOutResource['source'],
    reason: orNull(o.reason),
    createdAt: o.createdAt,
    entryId: o.entryId,
  };
}

function toEntryResource(e: consentV1.ConsentEntry): ConsentEntryResource {
  return {
    entryId: e.entryId,
    action: e.action as ConsentEntryResource['action'],
    channelType: e.channelType as ConsentEntryResource['channelType'],
    scope: e.scope as ConsentEntryResource['scope'],
    source: e.source as ConsentEntryResource['source'],
    actor: orNull(e.actor),
    reason: orNull(e.reason),
    consentMethod: orNull(e.consentMethod),
    consentEvidence: orNull(e.consentEvidence),
    recordedAt: e.recordedAt,
    subaccountId: orNull(e.subaccountId),
    receivingNumber: orNull(e.receivingNumber),
  };
}

export function toPreferencesResource(p: consentV1.RecipientPreferences): RecipientPreferencesResource {
  return {
    recipient: p.recipient,
    channels: p.channels.map((c) => ({
      channelType: c.channelType as ChannelType,
      status: c.status as ChannelPreferenceResource['status'],
      blockedBy: c.blockedBy.map(toOptOutResource),
      decidedBy: c.decidedBy ? toEntryResource(c.decidedBy) : null,
    })),
  };
}

export function toOptInRecordResource(r: consentV1.OptInRecord): OptInRecordResource {
  return {
    record_id: r.recordId,
    subaccount_id: orNull(r.subaccountId),
    phone_number: r.phoneNumber,
    opted_in_at: r.optedInAt,
    method: r.method,
    source: orNull(r.source),
    consent_language: orNull(r.consentLanguage),
    created_at: r.createdAt,
  };
}
