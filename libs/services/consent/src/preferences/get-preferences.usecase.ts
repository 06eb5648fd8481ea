import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { addFieldError, throwIfInvalid, type FieldErrors } from '@mp/paging';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { findEntries } from '../ledger/consent-entries.repository';
import { toConsentEntry } from '../ledger/consent-entry';
import { given } from '../opt-outs/consent-fields.rules';
import { canonicalAddress, CHANNELS, toOptOutMessage } from '../opt-outs/opt-out';
import { decideSend } from '../send-permission/send-decision';

/**
 * GET .../recipient-consent/preferences?recipient= : for Sms, WhatsApp and
 * Email, whether sending through the route's base is blocked (a subaccount
 * route: sending through that subaccount; an account route: account-level
 * sending), by which opt-outs, and the ledger entry that decided it (the
 * blocking opt-out's, else the recipient's latest on that channel).
 */
export async function getPreferences(deps: Pick<ConsentDeps, 'db' | 'clients'>, principal: Principal, request: consentV1.GetPreferencesRequest): Promise<consentV1.RecipientPreferences> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'read');
  const errors: FieldErrors = {};
  if (!given(request.recipient) || request.recipient.trim() === '') addFieldError(errors, 'recipient', 'is required');
  throwIfInvalid(errors);
  const recipient = canonicalAddress(request.recipient!);
  const decisions = [];
  for (const channelType of CHANNELS) {
    decisions.push({ channelType, ...(await decideSend(deps.db, { accountId: base.accountId, subaccountId: base.subaccountId, channelType, recipient })) });
  }
  const entries = await findEntries(deps.db, decisions.flatMap((d) => (d.decidedByEntryId ? [d.decidedByEntryId] : [])));
  const entryById = new Map(entries.map((e) => [e.entry_id, e]));
  return {
    recipient,
    channels: decisions.map((d) => {
      const entry = d.decidedByEntryId ? entryById.get(d.decidedByEntryId) : undefined;
      return {
        channelType: d.channelType,
        status: d.blockedBy.length > 0 ? 'opted_out' : 'opted_in',
        blockedBy: d.blockedBy.map(toOptOutMessage),
        decidedBy: entry && toConsentEntry(entry),
      };
    }),
  };
}
