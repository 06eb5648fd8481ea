import type { messagingV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { Knex } from 'knex';
import { getMessageCosts, getMessageCostsByChannel, listMessageCharges } from '../billing/message-costs.usecase';
import { listCarrierEvents } from '../carrier-events/list-carrier-events.usecase';
import {
  getAccountSendingHold,
  holdAccountSending,
  releaseAccountSending,
  type AccountHoldDeps,
} from '../holds/account-hold.usecase';
import { listMessages } from '../listing/list-messages.usecase';
import { cancelMessage } from '../messages/cancel-message.usecase';
import { getMessage } from '../messages/get-message.usecase';
import { getSubaccountQuota } from '../quota/get-subaccount-quota.usecase';
import { previewSegments } from '../segments/preview-segments.usecase';
import { sendMessage, type SendMessageDeps } from '../submission/send-message.usecase';
import { noteStandingChange } from '../submission/standing-changes';
import { createTemplate } from '../templates/create-template.usecase';
import { getTemplate } from '../templates/get-template.usecase';
import { listTemplates } from '../templates/list-templates.usecase';
import { renderTemplate } from '../templates/render-template.usecase';
import { updateTemplate } from '../templates/update-template.usecase';

export type MessagingHandlers = AsyncHandlers<typeof messagingV1.MessagingServiceService>;

export type MessagingHandlerDeps = SendMessageDeps & { db: Knex; holds: AccountHoldDeps };

/** The gRPC surface: each handler authorises with the call's principal and delegates. */
export function messagingHandlers(deps: MessagingHandlerDeps): MessagingHandlers {
  return {
    sendMessage: (request, ctx) => sendMessage(deps, requirePrincipal(ctx), request),
    getMessage: (request, ctx) => getMessage(deps.db, requirePrincipal(ctx), request),
    // Pure arithmetic on the text: no account data, so no principal needed.
    previewSegments: async (request) => previewSegments(request),
    getSubaccountQuota: (request, ctx) => getSubaccountQuota(deps, requirePrincipal(ctx), request),
    cancelMessage: (request, ctx) => cancelMessage(deps, requirePrincipal(ctx), request),
    holdAccountSending: (request, ctx) => holdAccountSending(deps.holds, requirePrincipal(ctx), request),
    releaseAccountSending: (request, ctx) => releaseAccountSending(deps.holds, requirePrincipal(ctx), request),
    getAccountSendingHold: (request, ctx) => getAccountSendingHold(deps.holds, requirePrincipal(ctx), request),
    noteStandingChange: (request, ctx) => noteStandingChange(deps.db, requirePrincipal(ctx), request),
    getMessageCosts: (request, ctx) => getMessageCosts(deps, requirePrincipal(ctx), request),
    getMessageCostsByChannel: (request, ctx) => getMessageCostsByChannel(deps, requirePrincipal(ctx), request),
    listMessageCharges: (request, ctx) => listMessageCharges(deps, requirePrincipal(ctx), request),
    listCarrierEvents: (request, ctx) => listCarrierEvents(deps.db, requirePrincipal(ctx), request),
    listMessages: (request, ctx) => listMessages(deps.db, requirePrincipal(ctx), request),
    createTemplate: (request, ctx) => createTemplate(deps, requirePrincipal(ctx), request),
    updateTemplate: (request, ctx) => updateTemplate(deps, requirePrincipal(ctx), request),
    getTemplate: (request, ctx) => getTemplate(deps.db, requirePrincipal(ctx), request),
    listTemplates: (request, ctx) => listTemplates(deps.db, requirePrincipal(ctx), request),
    renderTemplate: (request, ctx) => renderTemplate(deps.db, requirePrincipal(ctx), request),
  };
}
