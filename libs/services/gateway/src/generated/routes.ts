/* tslint:disable */
/* eslint-disable */
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import type { TsoaRoute } from '@tsoa/runtime';
import {  fetchMiddlewares, ExpressTemplateService } from '@tsoa/runtime';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { WebhooksController } from './../webhooks/webhooks.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { BillingWebhooksController } from './../webhooks/billing-webhooks.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { UsersController } from './../users/users.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { TenDlcController } from './../tendlc/tendlc.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { TemplatesController } from './../templates/templates.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { SecurityPolicyController } from './../security-policy/security-policy.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { SandboxController } from './../sandbox/sandbox.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { RoutingPolicyController } from './../routing-policy/routing-policy.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { RepliesController } from './../replies/replies.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { RecipientConsentController } from './../recipient-consent/recipient-consent.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { ConsentFilesController } from './../recipient-consent/consent-files.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { QuotaController } from './../quota/quota.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { ProviderCallbacksController } from './../provider-callbacks/provider-callbacks.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { PlatformController } from './../platform-routes/platform.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { PasskeysController } from './../passkeys/passkeys.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { NumbersController } from './../numbers/numbers.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { NumberPoolsController } from './../number-pools/number-pools.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { MfaController } from './../mfa/mfa.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { MessagesController } from './../messages/messages.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { MessageListController } from './../messages/message-list.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { ExternalIdentitiesController } from './../external-identities/external-identities.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { CarrierEventsController } from './../carrier-events/carrier-events.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { BillingController } from './../billing/billing.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { AuthController } from './../auth-routes/auth.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { ApiKeysController } from './../api-keys/api-keys.controller';
// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
import { AccountsController } from './../accounts/accounts.controller';
import { expressAuthentication } from './../auth/authentication';
// @ts-ignore - no great way to install types from subpackage
import { iocContainer } from './../app/ioc';
import type { IocContainer, IocContainerFactory } from '@tsoa/runtime';
import type { Request as ExRequest, Response as ExResponse, RequestHandler, Router } from 'express';
const multer = require('multer');


const expressAuthenticationRecasted = expressAuthentication as (req: ExRequest, securityName: string, scopes?: string[], res?: ExResponse) => Promise<any>;


// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

const models: TsoaRoute.Models = {
    "Problem": {
        "dataType": "refObject",
        "properties": {
            "errors": {"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"dataType":"array","array":{"dataType":"string"}}},
            "retryAfterSeconds": {"dataType":"integer"},
            "lockedUntil": {"dataType":"string"},
            "dailyRemaining": {"dataType":"union","subSchemas":[{"dataType":"integer"},{"dataType":"enum","enums":[null]}]},
            "monthlyRemaining": {"dataType":"union","subSchemas":[{"dataType":"integer"},{"dataType":"enum","enums":[null]}]},
            "attemptsRemaining": {"dataType":"integer"},
            "authScheme": {"dataType":"string"},
            "mfaToken": {"dataType":"string"},
            "mfaTokenExpiresAt": {"dataType":"string"},
            "mfaMethods": {"dataType":"array","array":{"dataType":"string"}},
            "enrollmentToken": {"dataType":"string"},
            "enrollmentTokenExpiresAt": {"dataType":"string"},
            "externalEmail": {"dataType":"string"},
            "paymentIntentId": {"dataType":"string"},
            "action": {"dataType":"string"},
            "reason": {"dataType":"string"},
            "accountId": {"dataType":"string"},
            "compatibleProviders": {"dataType":"array","array":{"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"dataType":"any"}}},
            "type": {"dataType":"string","required":true},
            "title": {"dataType":"string","required":true},
            "status": {"dataType":"integer","required":true},
            "code": {"dataType":"string","required":true},
            "traceId": {"dataType":"string","required":true},
            "detail": {"dataType":"string"},
            "instance": {"dataType":"string"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookWithSecret": {
        "dataType": "refObject",
        "properties": {
            "webhookId": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "url": {"dataType":"string","required":true},
            "label": {"dataType":"string","required":true},
            "subscribedEvents": {"dataType":"string","required":true},
            "active": {"dataType":"boolean","required":true},
            "consecutiveFailures": {"dataType":"double","required":true},
            "deactivatedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "createdAt": {"dataType":"string","required":true},
            "updatedAt": {"dataType":"string","required":true},
            "signingSecret": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookUrl": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":2048}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookLabel": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":200}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SubscribedEvents": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":1024}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CreateWebhookRequest": {
        "dataType": "refObject",
        "properties": {
            "url": {"ref":"WebhookUrl","required":true},
            "label": {"ref":"WebhookLabel"},
            "subscribedEvents": {"ref":"SubscribedEvents","required":true},
            "subaccountId": {"dataType":"string","validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookResource": {
        "dataType": "refObject",
        "properties": {
            "webhookId": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "url": {"dataType":"string","required":true},
            "label": {"dataType":"string","required":true},
            "subscribedEvents": {"dataType":"string","required":true},
            "active": {"dataType":"boolean","required":true},
            "consecutiveFailures": {"dataType":"double","required":true},
            "deactivatedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "createdAt": {"dataType":"string","required":true},
            "updatedAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"WebhookResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ResourceId": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":64}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UpdateWebhookRequest": {
        "dataType": "refObject",
        "properties": {
            "url": {"ref":"WebhookUrl"},
            "label": {"ref":"WebhookLabel"},
            "subscribedEvents": {"ref":"SubscribedEvents"},
            "active": {"dataType":"boolean"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookEventType": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["MessageAccepted"]},{"dataType":"enum","enums":["MessageDelivered"]},{"dataType":"enum","enums":["MessageFailed"]},{"dataType":"enum","enums":["MessageRejected"]},{"dataType":"enum","enums":["MessageDeadLettered"]},{"dataType":"enum","enums":["MessageExpired"]},{"dataType":"enum","enums":["MessageReceived"]},{"dataType":"enum","enums":["RecipientOptedOut"]},{"dataType":"enum","enums":["RecipientOptedIn"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "DeliveredEventType": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"ref":"WebhookEventType"},{"dataType":"enum","enums":["WebhookTest"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookDeliveryStatus": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Pending"]},{"dataType":"enum","enums":["Succeeded"]},{"dataType":"enum","enums":["Failed"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "AttemptTrigger": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["first"]},{"dataType":"enum","enums":["retry"]},{"dataType":"enum","enums":["test"]},{"dataType":"enum","enums":["replay"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookDeliveryAttempt": {
        "dataType": "refObject",
        "properties": {
            "number": {"dataType":"double","required":true},
            "trigger": {"ref":"AttemptTrigger","required":true},
            "attemptedAt": {"dataType":"string","required":true},
            "statusCode": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "error": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "durationMs": {"dataType":"double","required":true},
            "succeeded": {"dataType":"boolean","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Record_string.unknown_": {
        "dataType": "refAlias",
        "type": {"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"dataType":"any"},"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookDeliveryResource": {
        "dataType": "refObject",
        "properties": {
            "deliveryLogId": {"dataType":"string","required":true},
            "webhookId": {"dataType":"string","required":true},
            "eventType": {"ref":"DeliveredEventType","required":true},
            "messageId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"ref":"WebhookDeliveryStatus","required":true},
            "attempts": {"dataType":"array","array":{"dataType":"refObject","ref":"WebhookDeliveryAttempt"},"required":true},
            "nextAttemptAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "createdAt": {"dataType":"string","required":true},
            "event": {"ref":"Record_string.unknown_","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebhookDeliveryList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"WebhookDeliveryResource"},"required":true},
            "nextCursor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "QueryInteger": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":16}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Cursor": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":1024}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "BillingWebhookConfigResource": {
        "dataType": "refObject",
        "properties": {
            "enabled": {"dataType":"boolean","required":true},
            "url": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "signingSecret": {"dataType":"string"},
            "updatedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "EnableBillingWebhookRequest": {
        "dataType": "refObject",
        "properties": {
            "url": {"ref":"WebhookUrl","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CurrentUser": {
        "dataType": "refObject",
        "properties": {
            "userId": {"dataType":"string","required":true},
            "accountId": {"dataType":"string","required":true},
            "email": {"dataType":"string","required":true},
            "role": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"dataType":"string","required":true},
            "mfaEnabled": {"dataType":"boolean","required":true},
            "createdAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UserList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"CurrentUser"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Role": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Admin"]},{"dataType":"enum","enums":["Manager"]},{"dataType":"enum","enums":["Member"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "InviteUserRequest": {
        "dataType": "refObject",
        "properties": {
            "email": {"dataType":"string","required":true,"validators":{"maxLength":{"value":254}}},
            "role": {"ref":"Role","required":true},
            "subaccountId": {"dataType":"string","validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UpdateUserRequest": {
        "dataType": "refObject",
        "properties": {
            "role": {"ref":"Role"},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TokenResponse": {
        "dataType": "refObject",
        "properties": {
            "accessToken": {"dataType":"string","required":true},
            "refreshToken": {"dataType":"string","required":true},
            "expiresIn": {"dataType":"double","required":true},
            "tokenType": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "AcceptInvitationRequest": {
        "dataType": "refObject",
        "properties": {
            "token": {"dataType":"string","required":true,"validators":{"maxLength":{"value":512}}},
            "password": {"dataType":"string","required":true,"validators":{"maxLength":{"value":256}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TenDlcEntityType": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["PRIVATE_PROFIT"]},{"dataType":"enum","enums":["PUBLIC_PROFIT"]},{"dataType":"enum","enums":["NON_PROFIT"]},{"dataType":"enum","enums":["GOVERNMENT"]},{"dataType":"enum","enums":["SOLE_PROPRIETOR"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TenDlcVertical": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["AGRICULTURE"]},{"dataType":"enum","enums":["COMMUNICATION"]},{"dataType":"enum","enums":["CONSTRUCTION"]},{"dataType":"enum","enums":["EDUCATION"]},{"dataType":"enum","enums":["ENERGY"]},{"dataType":"enum","enums":["ENTERTAINMENT"]},{"dataType":"enum","enums":["FINANCIAL"]},{"dataType":"enum","enums":["GAMBLING"]},{"dataType":"enum","enums":["GOVERNMENT"]},{"dataType":"enum","enums":["HEALTHCARE"]},{"dataType":"enum","enums":["HOSPITALITY"]},{"dataType":"enum","enums":["HUMAN_RESOURCES"]},{"dataType":"enum","enums":["INSURANCE"]},{"dataType":"enum","enums":["LEGAL"]},{"dataType":"enum","enums":["MANUFACTURING"]},{"dataType":"enum","enums":["NGO"]},{"dataType":"enum","enums":["POLITICAL"]},{"dataType":"enum","enums":["POSTAL"]},{"dataType":"enum","enums":["PROFESSIONAL"]},{"dataType":"enum","enums":["REAL_ESTATE"]},{"dataType":"enum","enums":["RETAIL"]},{"dataType":"enum","enums":["TECHNOLOGY"]},{"dataType":"enum","enums":["TRANSPORTATION"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TenDlcStockExchange": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["AMEX"]},{"dataType":"enum","enums":["AMX"]},{"dataType":"enum","enums":["ASX"]},{"dataType":"enum","enums":["B3"]},{"dataType":"enum","enums":["BME"]},{"dataType":"enum","enums":["BSE"]},{"dataType":"enum","enums":["FRA"]},{"dataType":"enum","enums":["ICEX"]},{"dataType":"enum","enums":["JPX"]},{"dataType":"enum","enums":["JSE"]},{"dataType":"enum","enums":["KRX"]},{"dataType":"enum","enums":["LON"]},{"dataType":"enum","enums":["NASDAQ"]},{"dataType":"enum","enums":["NSE"]},{"dataType":"enum","enums":["NYSE"]},{"dataType":"enum","enums":["OMX"]},{"dataType":"enum","enums":["SEHK"]},{"dataType":"enum","enums":["SGX"]},{"dataType":"enum","enums":["SSE"]},{"dataType":"enum","enums":["STO"]},{"dataType":"enum","enums":["SWX"]},{"dataType":"enum","enums":["SZSE"]},{"dataType":"enum","enums":["TSX"]},{"dataType":"enum","enums":["TWSE"]},{"dataType":"enum","enums":["VSE"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TenDlcBrandStatus": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["PENDING"]},{"dataType":"enum","enums":["VERIFIED"]},{"dataType":"enum","enums":["UNVERIFIED"]},{"dataType":"enum","enums":["VETTED_VERIFIED"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TenDlcBrand": {
        "dataType": "refObject",
        "properties": {
            "brandId": {"dataType":"string","required":true},
            "accountId": {"dataType":"string","required":true},
            "referenceId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "entityType": {"ref":"TenDlcEntityType","required":true},
            "displayName": {"dataType":"string","required":true},
            "companyName": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "ein": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "einIssuingCountry": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "firstName": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "lastName": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "mobilePhone": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "email": {"dataType":"string","required":true},
            "phone": {"dataType":"string","required":true},
            "street": {"dataType":"string","required":true},
            "city": {"dataType":"string","required":true},
            "state": {"dataType":"string","required":true},
            "postalCode": {"dataType":"string","required":true},
            "country": {"dataType":"string","required":true},
            "website": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "vertical": {"ref":"TenDlcVertical","required":true},
            "stockSymbol": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "stockExchange": {"dataType":"union","subSchemas":[{"ref":"TenDlcStockExchange"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"ref":"TenDlcBrandStatus","required":true},
            "registryBrandId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "mock": {"dataType":"boolean","required":true},
            "statusUpdatedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "createdAt": {"dataType":"string","required":true},
            "updatedAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RegisterTenDlcBrandRequest": {
        "dataType": "refObject",
        "properties": {
            "referenceId": {"dataType":"string","validators":{"maxLength":{"value":50}}},
            "entityType": {"ref":"TenDlcEntityType"},
            "displayName": {"dataType":"string","validators":{"maxLength":{"value":255}}},
            "companyName": {"dataType":"string","validators":{"maxLength":{"value":255}}},
            "ein": {"dataType":"string","validators":{"maxLength":{"value":21}}},
            "einIssuingCountry": {"dataType":"string","validators":{"maxLength":{"value":16}}},
            "firstName": {"dataType":"string","validators":{"maxLength":{"value":100}}},
            "lastName": {"dataType":"string","validators":{"maxLength":{"value":100}}},
            "mobilePhone": {"dataType":"string","validators":{"maxLength":{"value":40}}},
            "email": {"dataType":"string","validators":{"maxLength":{"value":100}}},
            "phone": {"dataType":"string","validators":{"maxLength":{"value":40}}},
            "street": {"dataType":"string","validators":{"maxLength":{"value":100}}},
            "city": {"dataType":"string","validators":{"maxLength":{"value":100}}},
            "state": {"dataType":"string","validators":{"maxLength":{"value":20}}},
            "postalCode": {"dataType":"string","validators":{"maxLength":{"value":10}}},
            "country": {"dataType":"string","validators":{"maxLength":{"value":16}}},
            "website": {"dataType":"string","validators":{"maxLength":{"value":100}}},
            "vertical": {"ref":"TenDlcVertical"},
            "stockSymbol": {"dataType":"string","validators":{"maxLength":{"value":10}}},
            "stockExchange": {"ref":"TenDlcStockExchange"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ChannelType": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Sms"]},{"dataType":"enum","enums":["WhatsApp"]},{"dataType":"enum","enums":["Email"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ReplyOptionAlias": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":20}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ReplyOption": {
        "dataType": "refObject",
        "properties": {
            "key": {"dataType":"string","required":true,"validators":{"maxLength":{"value":20}}},
            "value": {"dataType":"string","required":true,"validators":{"maxLength":{"value":64}}},
            "aliases": {"dataType":"array","array":{"dataType":"refAlias","ref":"ReplyOptionAlias"},"validators":{"maxItems":{"value":5}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WhatsAppTemplateLink": {
        "dataType": "refObject",
        "properties": {
            "name": {"dataType":"string","required":true,"validators":{"maxLength":{"value":512}}},
            "language": {"dataType":"string","required":true,"validators":{"maxLength":{"value":6}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TemplateResource": {
        "dataType": "refObject",
        "properties": {
            "templateId": {"dataType":"string","required":true},
            "accountId": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "bodyTemplate": {"dataType":"string","required":true},
            "replyOptions": {"dataType":"array","array":{"dataType":"refObject","ref":"ReplyOption"},"required":true},
            "placeholders": {"dataType":"array","array":{"dataType":"string"},"required":true},
            "whatsappTemplate": {"dataType":"union","subSchemas":[{"ref":"WhatsAppTemplateLink"},{"dataType":"enum","enums":[null]}],"required":true},
            "createdAt": {"dataType":"string","required":true},
            "updatedAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TemplateName": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":100}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "BodyTemplate": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":200000}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ReplyOptionList": {
        "dataType": "refAlias",
        "type": {"dataType":"array","array":{"dataType":"refObject","ref":"ReplyOption"},"validators":{"maxItems":{"value":10}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CreateTemplateRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"ref":"TemplateName","required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "bodyTemplate": {"ref":"BodyTemplate","required":true},
            "replyOptions": {"ref":"ReplyOptionList"},
            "whatsappTemplate": {"dataType":"union","subSchemas":[{"ref":"WhatsAppTemplateLink"},{"dataType":"enum","enums":[null]}]},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TemplateList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"TemplateResource"},"required":true},
            "nextCursor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UpdateTemplateRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"ref":"TemplateName"},
            "channelType": {"ref":"ChannelType"},
            "bodyTemplate": {"ref":"BodyTemplate"},
            "replyOptions": {"ref":"ReplyOptionList"},
            "whatsappTemplate": {"dataType":"union","subSchemas":[{"ref":"WhatsAppTemplateLink"},{"dataType":"enum","enums":[null]}]},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RenderedTemplate": {
        "dataType": "refObject",
        "properties": {
            "templateId": {"dataType":"string","required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "body": {"dataType":"string","required":true},
            "segmentCount": {"dataType":"double","required":true},
            "encoding": {"dataType":"string","required":true},
            "characterCount": {"dataType":"double","required":true},
            "charactersPerSegment": {"dataType":"double","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TemplateParameterValue": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":10000}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RenderTemplateRequest": {
        "dataType": "refObject",
        "properties": {
            "templateParameters": {"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"ref":"TemplateParameterValue"}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SecurityPolicyResource": {
        "dataType": "refObject",
        "properties": {
            "accountId": {"dataType":"string","required":true},
            "requireMfa": {"dataType":"boolean","required":true},
            "updatedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SecurityPolicyUpdate": {
        "dataType": "refObject",
        "properties": {
            "requireMfa": {"dataType":"boolean","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "StepUpToken": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":512}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TotpSetupResource": {
        "dataType": "refObject",
        "properties": {
            "secret": {"dataType":"string","required":true},
            "otpauthUrl": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "EnrollmentSetupRequest": {
        "dataType": "refObject",
        "properties": {
            "enrollmentToken": {"dataType":"string","required":true,"validators":{"maxLength":{"value":512}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "EnrollmentCompletedResource": {
        "dataType": "refObject",
        "properties": {
            "accessToken": {"dataType":"string","required":true},
            "refreshToken": {"dataType":"string","required":true},
            "expiresIn": {"dataType":"double","required":true},
            "tokenType": {"dataType":"string","required":true},
            "recoveryCodes": {"dataType":"array","array":{"dataType":"string"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "EnrollmentConfirmRequest": {
        "dataType": "refObject",
        "properties": {
            "enrollmentToken": {"dataType":"string","required":true,"validators":{"maxLength":{"value":512}}},
            "code": {"dataType":"string","required":true,"validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MailboxItem": {
        "dataType": "refObject",
        "properties": {
            "to": {"dataType":"string","required":true},
            "subject": {"dataType":"string","required":true},
            "text": {"dataType":"string","required":true},
            "sentAt": {"dataType":"string","required":true},
            "from": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Mailbox": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"MailboxItem"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Address": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":320}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CarrierBehavior": {
        "dataType": "refObject",
        "properties": {
            "destination": {"dataType":"string","required":true},
            "outcome": {"dataType":"string","required":true},
            "afterSeconds": {"dataType":"double","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CarrierOutcome": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["delivered"]},{"dataType":"enum","enums":["undelivered"]},{"dataType":"enum","enums":["failed"]},{"dataType":"enum","enums":["no-receipt"]},{"dataType":"enum","enums":["unavailable"]},{"dataType":"enum","enums":["throttled"]},{"dataType":"enum","enums":["receipt-before-response"]},{"dataType":"enum","enums":["receipt-last-part-only"]},{"dataType":"enum","enums":["drop-connection"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CarrierBehaviorRequest": {
        "dataType": "refObject",
        "properties": {
            "outcome": {"ref":"CarrierOutcome"},
            "afterSeconds": {"dataType":"integer","validators":{"minimum":{"value":0},"maximum":{"value":86400}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SimulatedInbound": {
        "dataType": "refObject",
        "properties": {
            "eventId": {"dataType":"string","required":true},
            "carrierMessageId": {"dataType":"string","required":true},
            "channelType": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Sms"]},{"dataType":"enum","enums":["WhatsApp"]},{"dataType":"enum","enums":["Email"]}],"required":true},
            "from": {"dataType":"string","required":true},
            "to": {"dataType":"string","required":true},
            "body": {"dataType":"string","required":true},
            "receivedAt": {"dataType":"string","required":true},
            "quotedMessageId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SimulateInboundRequest": {
        "dataType": "refObject",
        "properties": {
            "channelType": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Sms"]},{"dataType":"enum","enums":["WhatsApp"]},{"dataType":"enum","enums":["Email"]}],"required":true},
            "from": {"dataType":"string","required":true,"validators":{"maxLength":{"value":320}}},
            "to": {"dataType":"string","required":true,"validators":{"maxLength":{"value":320}}},
            "body": {"dataType":"string","required":true,"validators":{"maxLength":{"value":1600}}},
            "quotedMessageId": {"dataType":"string","validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ClockReading": {
        "dataType": "refObject",
        "properties": {
            "now": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "AdvanceClockRequest": {
        "dataType": "refObject",
        "properties": {
            "seconds": {"dataType":"double","required":true,"validators":{"minimum":{"value":0},"maximum":{"value":31536000}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RoutingPolicyResource": {
        "dataType": "refObject",
        "properties": {
            "subaccountId": {"dataType":"string","required":true},
            "preferredChannelType": {"ref":"ChannelType","required":true},
            "fallbackChain": {"dataType":"array","array":{"dataType":"refAlias","ref":"ChannelType"},"required":true},
            "isEnabled": {"dataType":"boolean","required":true},
            "receiptTimeoutSeconds": {"dataType":"integer","required":true},
            "fallbackOnDeliveryFailure": {"dataType":"boolean","required":true},
            "updatedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ChannelName": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":16}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UpdateRoutingPolicyRequest": {
        "dataType": "refObject",
        "properties": {
            "preferredChannelType": {"ref":"ChannelType"},
            "fallbackChain": {"dataType":"array","array":{"dataType":"refAlias","ref":"ChannelName"},"validators":{"maxItems":{"value":3}}},
            "isEnabled": {"dataType":"boolean"},
            "receiptTimeoutSeconds": {"dataType":"integer","validators":{"minimum":{"value":0},"maximum":{"value":86400}}},
            "fallbackOnDeliveryFailure": {"dataType":"boolean"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RoutePreviewStep": {
        "dataType": "refObject",
        "properties": {
            "channelType": {"ref":"ChannelType","required":true},
            "skipped": {"dataType":"boolean","required":true},
            "skipReason": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "fromAddress": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "numberId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "poolId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "noSenderReason": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "blockedByConsent": {"dataType":"boolean","required":true},
            "consentReason": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RoutePreview": {
        "dataType": "refObject",
        "properties": {
            "subaccountId": {"dataType":"string","required":true},
            "destination": {"dataType":"string","required":true},
            "policyEnabled": {"dataType":"boolean","required":true},
            "steps": {"dataType":"array","array":{"dataType":"refObject","ref":"RoutePreviewStep"},"required":true},
            "firstSendableChannelType": {"dataType":"union","subSchemas":[{"ref":"ChannelType"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RoutePreviewRequest": {
        "dataType": "refObject",
        "properties": {
            "destination": {"dataType":"string","required":true,"validators":{"maxLength":{"value":320}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ReplyResource": {
        "dataType": "refObject",
        "properties": {
            "inboundMessageId": {"dataType":"string","required":true},
            "accountId": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "from": {"dataType":"string","required":true},
            "to": {"dataType":"string","required":true},
            "body": {"dataType":"string","required":true},
            "receivedAt": {"dataType":"string","required":true},
            "keyword": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Stop"]},{"dataType":"enum","enums":["Start"]},{"dataType":"enum","enums":["Help"]},{"dataType":"enum","enums":[null]}],"required":true},
            "inReplyToMessageId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "inReplyToClientReference": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "replyOptionKey": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "replyOptionValue": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "afterExpiry": {"dataType":"boolean","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ReplyList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"ReplyResource"},"required":true},
            "nextCursor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Timestamp": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":64}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptOutScope": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["subaccount"]},{"dataType":"enum","enums":["accountLevelOnly"]},{"dataType":"enum","enums":["entireAccount"]},{"dataType":"enum","enums":["stopReply"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptOutSource": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["customer"]},{"dataType":"enum","enums":["import"]},{"dataType":"enum","enums":["stop_reply"]},{"dataType":"enum","enums":["support"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptOutResource": {
        "dataType": "refObject",
        "properties": {
            "optOutId": {"dataType":"string","required":true},
            "recipient": {"dataType":"string","required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "scope": {"ref":"OptOutScope","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "receivingNumber": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "source": {"ref":"OptOutSource","required":true},
            "reason": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "createdAt": {"dataType":"string","required":true},
            "entryId": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Recipient": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":320}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "AccountOptOutScope": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["accountLevelOnly"]},{"dataType":"enum","enums":["entireAccount"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RecordOptOutRequest": {
        "dataType": "refObject",
        "properties": {
            "recipient": {"ref":"Recipient","required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "reason": {"dataType":"string","validators":{"maxLength":{"value":500}}},
            "scope": {"ref":"AccountOptOutScope"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptInResult": {
        "dataType": "refObject",
        "properties": {
            "lifted": {"dataType":"array","array":{"dataType":"refObject","ref":"OptOutResource"},"required":true},
            "stillSuppressed": {"dataType":"boolean","required":true},
            "entryId": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ConsentMethod": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["WebForm"]},{"dataType":"enum","enums":["Written"]},{"dataType":"enum","enums":["Verbal"]},{"dataType":"enum","enums":["Text"]},{"dataType":"enum","enums":["Other"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptInRequest": {
        "dataType": "refObject",
        "properties": {
            "recipient": {"ref":"Recipient","required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "consentConfirmed": {"dataType":"boolean","required":true},
            "consentMethod": {"ref":"ConsentMethod","required":true},
            "consentEvidence": {"dataType":"string","required":true,"validators":{"maxLength":{"value":2000}}},
            "scope": {"ref":"AccountOptOutScope"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptOutList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"OptOutResource"},"required":true},
            "nextCursor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "QueryText": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":320}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ConsentEntryAction": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["opted_out"]},{"dataType":"enum","enums":["resubscribed"]},{"dataType":"enum","enums":["evidence_recorded"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ConsentEntryChannel": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Sms"]},{"dataType":"enum","enums":["WhatsApp"]},{"dataType":"enum","enums":["Email"]},{"dataType":"enum","enums":["*"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ConsentEntrySource": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["customer"]},{"dataType":"enum","enums":["import"]},{"dataType":"enum","enums":["stop_reply"]},{"dataType":"enum","enums":["start_reply"]},{"dataType":"enum","enums":["support"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ConsentEntryResource": {
        "dataType": "refObject",
        "properties": {
            "entryId": {"dataType":"string","required":true},
            "action": {"ref":"ConsentEntryAction","required":true},
            "channelType": {"ref":"ConsentEntryChannel","required":true},
            "scope": {"ref":"OptOutScope","required":true},
            "source": {"ref":"ConsentEntrySource","required":true},
            "actor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "reason": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "consentMethod": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "consentEvidence": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "recordedAt": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "receivingNumber": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ChannelPreferenceResource": {
        "dataType": "refObject",
        "properties": {
            "channelType": {"ref":"ChannelType","required":true},
            "status": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["opted_in"]},{"dataType":"enum","enums":["opted_out"]}],"required":true},
            "blockedBy": {"dataType":"array","array":{"dataType":"refObject","ref":"OptOutResource"},"required":true},
            "decidedBy": {"dataType":"union","subSchemas":[{"ref":"ConsentEntryResource"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RecipientPreferencesResource": {
        "dataType": "refObject",
        "properties": {
            "recipient": {"dataType":"string","required":true},
            "channels": {"dataType":"array","array":{"dataType":"refObject","ref":"ChannelPreferenceResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptInRecordResource": {
        "dataType": "refObject",
        "properties": {
            "record_id": {"dataType":"string","required":true},
            "subaccount_id": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "phone_number": {"dataType":"string","required":true},
            "opted_in_at": {"dataType":"string","required":true},
            "method": {"dataType":"string","required":true},
            "source": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "consent_language": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "created_at": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptInRecordRequest": {
        "dataType": "refObject",
        "properties": {
            "phone_number": {"dataType":"string","required":true,"validators":{"maxLength":{"value":64}}},
            "opted_in_at": {"dataType":"string","required":true,"validators":{"maxLength":{"value":64}}},
            "method": {"dataType":"string","required":true,"validators":{"maxLength":{"value":100}}},
            "source": {"dataType":"string","validators":{"maxLength":{"value":500}}},
            "consent_language": {"dataType":"string","validators":{"maxLength":{"value":35}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "OptInRecordList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"OptInRecordResource"},"required":true},
            "nextCursor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ImportRowResultResource": {
        "dataType": "refObject",
        "properties": {
            "row": {"dataType":"double","required":true},
            "result": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["created"]},{"dataType":"enum","enums":["already_exists"]},{"dataType":"enum","enums":["duplicate_in_file"]},{"dataType":"enum","enums":["invalid"]}],"required":true},
            "errors": {"dataType":"array","array":{"dataType":"string"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ImportResultResource": {
        "dataType": "refObject",
        "properties": {
            "sha256": {"dataType":"string","required":true},
            "created": {"dataType":"double","required":true},
            "alreadyExists": {"dataType":"double","required":true},
            "duplicateInFile": {"dataType":"double","required":true},
            "invalid": {"dataType":"double","required":true},
            "rows": {"dataType":"array","array":{"dataType":"refObject","ref":"ImportRowResultResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "QuotaWindowResource": {
        "dataType": "refObject",
        "properties": {
            "limit": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "used": {"dataType":"double","required":true},
            "remaining": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "resetsAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SubaccountQuotaResource": {
        "dataType": "refObject",
        "properties": {
            "subaccountId": {"dataType":"string","required":true},
            "daily": {"ref":"QuotaWindowResource","required":true},
            "monthly": {"ref":"QuotaWindowResource","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CallbackReceived": {
        "dataType": "refObject",
        "properties": {
            "received": {"dataType":"boolean","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "HealthStatus": {
        "dataType": "refObject",
        "properties": {
            "status": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ReadinessDegradation": {
        "dataType": "refObject",
        "properties": {
            "service": {"dataType":"string","required":true},
            "component": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "reason": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ReadinessStatus": {
        "dataType": "refObject",
        "properties": {
            "status": {"dataType":"string","required":true},
            "degradations": {"dataType":"array","array":{"dataType":"refObject","ref":"ReadinessDegradation"}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "PasskeyResource": {
        "dataType": "refObject",
        "properties": {
            "id": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "createdAt": {"dataType":"string","required":true},
            "lastUsedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "PasskeyList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"PasskeyResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebAuthnOptionsResource": {
        "dataType": "refObject",
        "properties": {
            "challenge": {"dataType":"string","required":true},
            "timeout": {"dataType":"double"},
        },
        "additionalProperties": {"dataType":"any"},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "WebAuthnCredentialJson": {
        "dataType": "refObject",
        "properties": {
            "id": {"dataType":"string","required":true,"validators":{"maxLength":{"value":1024}}},
            "rawId": {"dataType":"string","required":true,"validators":{"maxLength":{"value":1024}}},
            "type": {"dataType":"enum","enums":["public-key"],"required":true},
            "response": {"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"dataType":"any"},"required":true},
            "clientExtensionResults": {"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"dataType":"any"}},
            "authenticatorAttachment": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"validators":{"maxLength":{"value":32}}},
        },
        "additionalProperties": {"dataType":"any"},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CompletePasskeyRegistrationRequest": {
        "dataType": "refObject",
        "properties": {
            "credential": {"ref":"WebAuthnCredentialJson","required":true},
            "name": {"dataType":"string","validators":{"maxLength":{"value":100}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RenamePasskeyRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"dataType":"string","required":true,"validators":{"maxLength":{"value":100}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "PasskeyLoginOptionsRequest": {
        "dataType": "refObject",
        "properties": {
            "mfaToken": {"dataType":"string","required":true,"validators":{"maxLength":{"value":512}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "StepUpAction": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["MfaManage"]},{"dataType":"enum","enums":["AccountSecurityPolicy"]},{"dataType":"enum","enums":["UnlinkIdentity"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "PasskeyStepUpOptionsRequest": {
        "dataType": "refObject",
        "properties": {
            "action": {"ref":"StepUpAction","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "NumberResource": {
        "dataType": "refObject",
        "properties": {
            "numberId": {"dataType":"string","required":true},
            "phoneNumber": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "emailAddress": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "channelTypes": {"dataType":"array","array":{"dataType":"refAlias","ref":"ChannelType"},"required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"dataType":"string","required":true},
            "readyToSend": {"dataType":"boolean","required":true},
            "campaignId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "poolId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "useCount": {"dataType":"integer","required":true},
            "createdAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "NumberList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"NumberResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CreateNumberRequest": {
        "dataType": "refObject",
        "properties": {
            "phoneNumber": {"dataType":"string","validators":{"maxLength":{"value":32}}},
            "countryCode": {"dataType":"string","validators":{"maxLength":{"value":8}}},
            "channelTypes": {"dataType":"array","array":{"dataType":"refAlias","ref":"ChannelName"},"required":true,"validators":{"maxItems":{"value":3}}},
            "subaccountId": {"dataType":"string","validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "PoolStrategy": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["RoundRobin"]},{"dataType":"enum","enums":["LeastUsed"]},{"dataType":"enum","enums":["Random"]},{"dataType":"enum","enums":["Sticky"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "NumberPoolResource": {
        "dataType": "refObject",
        "properties": {
            "poolId": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "name": {"dataType":"string","required":true},
            "strategy": {"ref":"PoolStrategy","required":true},
            "channelTypes": {"dataType":"array","array":{"dataType":"refAlias","ref":"ChannelType"},"required":true},
            "numberIds": {"dataType":"array","array":{"dataType":"string"},"required":true},
            "numbers": {"dataType":"array","array":{"dataType":"refObject","ref":"NumberResource"},"required":true},
            "createdAt": {"dataType":"string","required":true},
            "updatedAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "PoolName": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":100}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "PoolNumberId": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":64}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "PoolNumberIds": {
        "dataType": "refAlias",
        "type": {"dataType":"array","array":{"dataType":"refAlias","ref":"PoolNumberId"},"validators":{"maxItems":{"value":100}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CreateNumberPoolRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"ref":"PoolName","required":true},
            "strategy": {"ref":"PoolStrategy","required":true},
            "numberIds": {"ref":"PoolNumberIds","required":true},
            "subaccountId": {"dataType":"string","validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "NumberPoolList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"NumberPoolResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UpdateNumberPoolRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"ref":"PoolName"},
            "strategy": {"ref":"PoolStrategy"},
            "numberIds": {"ref":"PoolNumberIds"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MfaMethod": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["totp"]},{"dataType":"enum","enums":["recovery_code"]},{"dataType":"enum","enums":["webauthn"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "LoginMfaRequest": {
        "dataType": "refObject",
        "properties": {
            "mfaToken": {"dataType":"string","required":true,"validators":{"maxLength":{"value":512}}},
            "method": {"ref":"MfaMethod","required":true},
            "code": {"dataType":"string","validators":{"maxLength":{"value":64}}},
            "credential": {"ref":"WebAuthnCredentialJson"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MfaStatusResource": {
        "dataType": "refObject",
        "properties": {
            "enabled": {"dataType":"boolean","required":true},
            "methods": {"dataType":"array","array":{"dataType":"string"},"required":true},
            "hasPasskeys": {"dataType":"boolean","required":true},
            "recoveryCodesRemaining": {"dataType":"double","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RecoveryCodesResource": {
        "dataType": "refObject",
        "properties": {
            "recoveryCodes": {"dataType":"array","array":{"dataType":"string"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "TotpConfirmRequest": {
        "dataType": "refObject",
        "properties": {
            "code": {"dataType":"string","required":true,"validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "StepUpTokenResource": {
        "dataType": "refObject",
        "properties": {
            "stepUpToken": {"dataType":"string","required":true},
            "action": {"ref":"StepUpAction","required":true},
            "expiresAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "StepUpRequest": {
        "dataType": "refObject",
        "properties": {
            "action": {"ref":"StepUpAction","required":true},
            "method": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["totp"]},{"dataType":"enum","enums":["webauthn"]}]},
            "code": {"dataType":"string","validators":{"maxLength":{"value":64}}},
            "credential": {"ref":"WebAuthnCredentialJson"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "EmailOtpIssued": {
        "dataType": "refObject",
        "properties": {
            "action": {"ref":"StepUpAction","required":true},
            "expiresAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "EmailOtpIssueRequest": {
        "dataType": "refObject",
        "properties": {
            "action": {"ref":"StepUpAction"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "EmailOtpVerifyRequest": {
        "dataType": "refObject",
        "properties": {
            "action": {"ref":"StepUpAction","required":true},
            "code": {"dataType":"string","required":true,"validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MessageStatus": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["scheduled"]},{"dataType":"enum","enums":["queued"]},{"dataType":"enum","enums":["dispatched"]},{"dataType":"enum","enums":["delivered"]},{"dataType":"enum","enums":["undelivered"]},{"dataType":"enum","enums":["failed"]},{"dataType":"enum","enums":["canceled"]},{"dataType":"enum","enums":["expired"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Encoding": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["gsm7"]},{"dataType":"enum","enums":["ucs2"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MessageType": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Transactional"]},{"dataType":"enum","enums":["Marketing"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Priority": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["Normal"]},{"dataType":"enum","enums":["Urgent"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ReplyStatus": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["None"]},{"dataType":"enum","enums":["Awaiting"]},{"dataType":"enum","enums":["Answered"]},{"dataType":"enum","enums":["Expired"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ChannelAttemptStatus": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["dispatched"]},{"dataType":"enum","enums":["delivered"]},{"dataType":"enum","enums":["undelivered"]},{"dataType":"enum","enums":["failed"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ChannelAttemptResource": {
        "dataType": "refObject",
        "properties": {
            "channelType": {"ref":"ChannelType","required":true},
            "fromAddress": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"ref":"ChannelAttemptStatus","required":true},
            "attemptedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "completedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "cost": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "failureReason": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "AuditEntryResource": {
        "dataType": "refObject",
        "properties": {
            "at": {"dataType":"string","required":true},
            "event": {"dataType":"string","required":true},
            "fromStatus": {"dataType":"union","subSchemas":[{"ref":"MessageStatus"},{"dataType":"enum","enums":[null]}],"required":true},
            "toStatus": {"dataType":"union","subSchemas":[{"ref":"MessageStatus"},{"dataType":"enum","enums":[null]}],"required":true},
            "detail": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MessageResource": {
        "dataType": "refObject",
        "properties": {
            "messageId": {"dataType":"string","required":true},
            "accountId": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "destination": {"dataType":"string","required":true},
            "body": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"ref":"MessageStatus","required":true},
            "segmentCount": {"dataType":"double","required":true},
            "encoding": {"ref":"Encoding","required":true},
            "estimatedCost": {"dataType":"double","required":true},
            "clientReference": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "externalId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "messageType": {"ref":"MessageType","required":true},
            "priority": {"ref":"Priority","required":true},
            "actor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "sendAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "expiresAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "replyStatus": {"ref":"ReplyStatus","required":true},
            "templateId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "replyOptions": {"dataType":"array","array":{"dataType":"refObject","ref":"ReplyOption"},"required":true},
            "inReplyToInboundMessageId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "replyOptionKey": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "replyOptionValue": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "answeredAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "channelHistory": {"dataType":"array","array":{"dataType":"refObject","ref":"ChannelAttemptResource"},"required":true},
            "auditTrail": {"dataType":"array","array":{"dataType":"refObject","ref":"AuditEntryResource"},"required":true},
            "createdAt": {"dataType":"string","required":true},
            "updatedAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SendMessageRequest": {
        "dataType": "refObject",
        "properties": {
            "channelType": {"ref":"ChannelType"},
            "destination": {"dataType":"string","validators":{"maxLength":{"value":320}}},
            "to": {"dataType":"string","validators":{"maxLength":{"value":320}}},
            "subaccountId": {"dataType":"string","validators":{"maxLength":{"value":64}}},
            "body": {"dataType":"string","validators":{"maxLength":{"value":200000}}},
            "messageType": {"ref":"MessageType"},
            "actor": {"dataType":"string","validators":{"maxLength":{"value":256}}},
            "templateId": {"dataType":"string","validators":{"maxLength":{"value":64}}},
            "templateParameters": {"dataType":"nestedObjectLiteral","nestedProperties":{},"additionalProperties":{"ref":"TemplateParameterValue"}},
            "inReplyToInboundMessageId": {"dataType":"string","validators":{"maxLength":{"value":64}}},
            "clientReference": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"validators":{"maxLength":{"value":128}}},
            "externalId": {"dataType":"string","validators":{"maxLength":{"value":128}}},
            "sendAt": {"dataType":"string","validators":{"maxLength":{"value":64}}},
            "expiresAt": {"dataType":"string","validators":{"maxLength":{"value":64}}},
            "priority": {"ref":"Priority"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "IdempotencyKey": {
        "dataType": "refAlias",
        "type": {"dataType":"string","validators":{"maxLength":{"value":255}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SegmentPreview": {
        "dataType": "refObject",
        "properties": {
            "segmentCount": {"dataType":"double","required":true},
            "encoding": {"ref":"Encoding","required":true},
            "characterCount": {"dataType":"double","required":true},
            "charactersPerSegment": {"dataType":"double","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SegmentPreviewRequest": {
        "dataType": "refObject",
        "properties": {
            "body": {"dataType":"string","required":true,"validators":{"maxLength":{"value":200000}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MessageList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"MessageResource"},"required":true},
            "nextCursor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ExternalLoginRequest": {
        "dataType": "refObject",
        "properties": {
            "provider": {"dataType":"string","required":true,"validators":{"maxLength":{"value":100}}},
            "idToken": {"dataType":"string","required":true,"validators":{"maxLength":{"value":16384}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ExternalIdentityResource": {
        "dataType": "refObject",
        "properties": {
            "identityId": {"dataType":"string","required":true},
            "provider": {"dataType":"string","required":true},
            "subject": {"dataType":"string","required":true},
            "email": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "linkedAt": {"dataType":"string","required":true},
            "unlinkedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ExternalIdentityList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"ExternalIdentityResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UnlinkRequest": {
        "dataType": "refObject",
        "properties": {
            "provider": {"dataType":"string","required":true,"validators":{"maxLength":{"value":100}}},
            "password": {"dataType":"any"},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CarrierEventResource": {
        "dataType": "refObject",
        "properties": {
            "eventId": {"dataType":"string","required":true},
            "type": {"dataType":"string","required":true},
            "attemptNumber": {"dataType":"double","required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "carrier": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "carrierMessageId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "rawStatus": {"dataType":"string","required":true},
            "errorCode": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "reason": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "detail": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "occurredAt": {"dataType":"string","required":true},
            "recordedAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CarrierEventListResource": {
        "dataType": "refObject",
        "properties": {
            "messageId": {"dataType":"string","required":true},
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"CarrierEventResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MessageCostSummaryResource": {
        "dataType": "refObject",
        "properties": {
            "amount": {"dataType":"double","required":true},
            "amountMicros": {"dataType":"double","required":true},
            "chargeCount": {"dataType":"double","required":true},
            "messageCount": {"dataType":"double","required":true},
            "accountId": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "from": {"dataType":"string","required":true},
            "to": {"dataType":"string","required":true},
            "currency": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ChannelCostResource": {
        "dataType": "refObject",
        "properties": {
            "amount": {"dataType":"double","required":true},
            "amountMicros": {"dataType":"double","required":true},
            "chargeCount": {"dataType":"double","required":true},
            "messageCount": {"dataType":"double","required":true},
            "channelType": {"ref":"ChannelType","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MessageCostsByChannelResource": {
        "dataType": "refObject",
        "properties": {
            "amount": {"dataType":"double","required":true},
            "amountMicros": {"dataType":"double","required":true},
            "chargeCount": {"dataType":"double","required":true},
            "messageCount": {"dataType":"double","required":true},
            "accountId": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "from": {"dataType":"string","required":true},
            "to": {"dataType":"string","required":true},
            "currency": {"dataType":"string","required":true},
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"ChannelCostResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MessageChargeResource": {
        "dataType": "refObject",
        "properties": {
            "chargeId": {"dataType":"string","required":true},
            "messageId": {"dataType":"string","required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "attemptNumber": {"dataType":"double","required":true},
            "channelType": {"ref":"ChannelType","required":true},
            "destination": {"dataType":"string","required":true},
            "fromAddress": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "segmentCount": {"dataType":"double","required":true},
            "amount": {"dataType":"double","required":true},
            "amountMicros": {"dataType":"double","required":true},
            "currency": {"dataType":"string","required":true},
            "chargedAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "MessageChargePageResource": {
        "dataType": "refObject",
        "properties": {
            "from": {"dataType":"string","required":true},
            "to": {"dataType":"string","required":true},
            "currency": {"dataType":"string","required":true},
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"MessageChargeResource"},"required":true},
            "nextCursor": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RegisterResponse": {
        "dataType": "refObject",
        "properties": {
            "accountId": {"dataType":"string","required":true},
            "userId": {"dataType":"string","required":true},
            "status": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RegisterRequest": {
        "dataType": "refObject",
        "properties": {
            "email": {"dataType":"string","required":true,"validators":{"maxLength":{"value":254}}},
            "password": {"dataType":"string","required":true,"validators":{"maxLength":{"value":256}}},
            "organizationName": {"dataType":"string","required":true,"validators":{"maxLength":{"value":200}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "VerifyEmailResponse": {
        "dataType": "refObject",
        "properties": {
            "accountId": {"dataType":"string","required":true},
            "status": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "VerifyEmailRequest": {
        "dataType": "refObject",
        "properties": {
            "token": {"dataType":"string","required":true,"validators":{"maxLength":{"value":512}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "LoginRequest": {
        "dataType": "refObject",
        "properties": {
            "email": {"dataType":"string","required":true,"validators":{"maxLength":{"value":254}}},
            "password": {"dataType":"string","required":true,"validators":{"maxLength":{"value":1024}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "RefreshRequest": {
        "dataType": "refObject",
        "properties": {
            "refreshToken": {"dataType":"string","required":true,"validators":{"maxLength":{"value":512}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ApiKeyRight": {
        "dataType": "refAlias",
        "type": {"dataType":"union","subSchemas":[{"dataType":"enum","enums":["SendMessages"]},{"dataType":"enum","enums":["ReadMessages"]},{"dataType":"enum","enums":["ManageWebhooks"]},{"dataType":"enum","enums":["ManageRouting"]},{"dataType":"enum","enums":["ReadRecipientConsent"]},{"dataType":"enum","enums":["ManageRecipientConsent"]}],"validators":{}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CreatedApiKeyResource": {
        "dataType": "refObject",
        "properties": {
            "apiKeyId": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "rights": {"dataType":"array","array":{"dataType":"refAlias","ref":"ApiKeyRight"},"required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "expiresAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"dataType":"string","required":true},
            "prefix": {"dataType":"string","required":true},
            "createdAt": {"dataType":"string","required":true},
            "revokedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "key": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CreateApiKeyRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"dataType":"string","required":true,"validators":{"maxLength":{"value":100}}},
            "rights": {"dataType":"array","array":{"dataType":"refAlias","ref":"ApiKeyRight"},"validators":{"maxItems":{"value":6}}},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"validators":{"maxLength":{"value":64}}},
            "expiresAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"validators":{"maxLength":{"value":64}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ApiKeyResource": {
        "dataType": "refObject",
        "properties": {
            "apiKeyId": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "rights": {"dataType":"array","array":{"dataType":"refAlias","ref":"ApiKeyRight"},"required":true},
            "subaccountId": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "expiresAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"dataType":"string","required":true},
            "prefix": {"dataType":"string","required":true},
            "createdAt": {"dataType":"string","required":true},
            "revokedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "ApiKeyList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"ApiKeyResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UpdateApiKeyRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"dataType":"string","validators":{"maxLength":{"value":100}}},
            "rights": {"dataType":"array","array":{"dataType":"refAlias","ref":"ApiKeyRight"},"validators":{"maxItems":{"value":6}}},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "AccountResource": {
        "dataType": "refObject",
        "properties": {
            "accountId": {"dataType":"string","required":true},
            "organizationName": {"dataType":"string","required":true},
            "status": {"dataType":"string","required":true},
            "subscriptionStatus": {"dataType":"string","required":true},
            "emailVerifiedAt": {"dataType":"union","subSchemas":[{"dataType":"string"},{"dataType":"enum","enums":[null]}],"required":true},
            "createdAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SubaccountResource": {
        "dataType": "refObject",
        "properties": {
            "subaccountId": {"dataType":"string","required":true},
            "accountId": {"dataType":"string","required":true},
            "name": {"dataType":"string","required":true},
            "dailyQuota": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "monthlyQuota": {"dataType":"union","subSchemas":[{"dataType":"double"},{"dataType":"enum","enums":[null]}],"required":true},
            "status": {"dataType":"string","required":true},
            "createdAt": {"dataType":"string","required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "Quota": {
        "dataType": "refAlias",
        "type": {"dataType":"integer","validators":{"minimum":{"value":1},"maximum":{"value":100000000}}},
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "CreateSubaccountRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"dataType":"string","required":true,"validators":{"maxLength":{"value":100}}},
            "dailyQuota": {"dataType":"union","subSchemas":[{"ref":"Quota"},{"dataType":"enum","enums":[null]}]},
            "monthlyQuota": {"dataType":"union","subSchemas":[{"ref":"Quota"},{"dataType":"enum","enums":[null]}]},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "SubaccountList": {
        "dataType": "refObject",
        "properties": {
            "items": {"dataType":"array","array":{"dataType":"refObject","ref":"SubaccountResource"},"required":true},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
    "UpdateSubaccountRequest": {
        "dataType": "refObject",
        "properties": {
            "name": {"dataType":"string","validators":{"maxLength":{"value":100}}},
            "dailyQuota": {"dataType":"union","subSchemas":[{"ref":"Quota"},{"dataType":"enum","enums":[null]}]},
            "monthlyQuota": {"dataType":"union","subSchemas":[{"ref":"Quota"},{"dataType":"enum","enums":[null]}]},
        },
        "additionalProperties": false,
    },
    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
};
const templateService = new ExpressTemplateService(models, {"noImplicitAdditionalProperties":"throw-on-extras","bodyCoercion":true});

// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa




export function RegisterRoutes(app: Router,opts?:{multer?:ReturnType<typeof multer>}) {

    // ###########################################################################################################
    //  NOTE: If you do not see routes for all of your controllers in this file, then you might not have informed tsoa of where to look
    //      Please look into the "controllerPathGlobs" config option described in the readme: https://github.com/lukeautry/tsoa
    // ###########################################################################################################

    const upload = opts?.multer ||  multer({"limits":{"fileSize":8388608}});

    
        const argsWebhooksController_createWebhook: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"CreateWebhookRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/webhooks',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.createWebhook)),

            async function WebhooksController_createWebhook(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_createWebhook, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createWebhook',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsWebhooksController_listWebhooks: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/webhooks',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.listWebhooks)),

            async function WebhooksController_listWebhooks(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_listWebhooks, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listWebhooks',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsWebhooksController_getWebhook: Record<string, TsoaRoute.ParameterSchema> = {
                webhookId: {"in":"path","name":"webhookId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/webhooks/:webhookId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.getWebhook)),

            async function WebhooksController_getWebhook(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_getWebhook, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getWebhook',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsWebhooksController_updateWebhook: Record<string, TsoaRoute.ParameterSchema> = {
                webhookId: {"in":"path","name":"webhookId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"UpdateWebhookRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.put('/v1/webhooks/:webhookId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.updateWebhook)),

            async function WebhooksController_updateWebhook(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_updateWebhook, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'updateWebhook',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsWebhooksController_deleteWebhook: Record<string, TsoaRoute.ParameterSchema> = {
                webhookId: {"in":"path","name":"webhookId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.delete('/v1/webhooks/:webhookId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.deleteWebhook)),

            async function WebhooksController_deleteWebhook(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_deleteWebhook, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'deleteWebhook',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 204,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsWebhooksController_rotateWebhookSecret: Record<string, TsoaRoute.ParameterSchema> = {
                webhookId: {"in":"path","name":"webhookId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/webhooks/:webhookId/rotate-secret',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.rotateWebhookSecret)),

            async function WebhooksController_rotateWebhookSecret(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_rotateWebhookSecret, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'rotateWebhookSecret',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsWebhooksController_testWebhook: Record<string, TsoaRoute.ParameterSchema> = {
                webhookId: {"in":"path","name":"webhookId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/webhooks/:webhookId/test',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.testWebhook)),

            async function WebhooksController_testWebhook(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_testWebhook, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'testWebhook',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsWebhooksController_listWebhookDeliveries: Record<string, TsoaRoute.ParameterSchema> = {
                webhookId: {"in":"path","name":"webhookId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/webhooks/:webhookId/deliveries',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.listWebhookDeliveries)),

            async function WebhooksController_listWebhookDeliveries(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_listWebhookDeliveries, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listWebhookDeliveries',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsWebhooksController_replayWebhookDelivery: Record<string, TsoaRoute.ParameterSchema> = {
                webhookId: {"in":"path","name":"webhookId","required":true,"ref":"ResourceId"},
                deliveryLogId: {"in":"path","name":"deliveryLogId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/webhooks/:webhookId/deliveries/:deliveryLogId/replay',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(WebhooksController.prototype.replayWebhookDelivery)),

            async function WebhooksController_replayWebhookDelivery(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsWebhooksController_replayWebhookDelivery, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<WebhooksController>(WebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'replayWebhookDelivery',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsBillingWebhooksController_getBillingWebhookConfig: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/billing/webhooks/config',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(BillingWebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(BillingWebhooksController.prototype.getBillingWebhookConfig)),

            async function BillingWebhooksController_getBillingWebhookConfig(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsBillingWebhooksController_getBillingWebhookConfig, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<BillingWebhooksController>(BillingWebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getBillingWebhookConfig',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsBillingWebhooksController_enableBillingWebhook: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"EnableBillingWebhookRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/billing/webhooks/enable',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(BillingWebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(BillingWebhooksController.prototype.enableBillingWebhook)),

            async function BillingWebhooksController_enableBillingWebhook(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsBillingWebhooksController_enableBillingWebhook, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<BillingWebhooksController>(BillingWebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'enableBillingWebhook',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsBillingWebhooksController_disableBillingWebhook: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/billing/webhooks/disable',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(BillingWebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(BillingWebhooksController.prototype.disableBillingWebhook)),

            async function BillingWebhooksController_disableBillingWebhook(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsBillingWebhooksController_disableBillingWebhook, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<BillingWebhooksController>(BillingWebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'disableBillingWebhook',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsBillingWebhooksController_regenerateBillingWebhookSecret: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/billing/webhooks/regenerate-secret',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageWebhooks"]}]),
            ...(fetchMiddlewares<RequestHandler>(BillingWebhooksController)),
            ...(fetchMiddlewares<RequestHandler>(BillingWebhooksController.prototype.regenerateBillingWebhookSecret)),

            async function BillingWebhooksController_regenerateBillingWebhookSecret(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsBillingWebhooksController_regenerateBillingWebhookSecret, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<BillingWebhooksController>(BillingWebhooksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'regenerateBillingWebhookSecret',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsUsersController_listUsers: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/account/users',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(UsersController)),
            ...(fetchMiddlewares<RequestHandler>(UsersController.prototype.listUsers)),

            async function UsersController_listUsers(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsUsersController_listUsers, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<UsersController>(UsersController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listUsers',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsUsersController_invite: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"InviteUserRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/account/users',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(UsersController)),
            ...(fetchMiddlewares<RequestHandler>(UsersController.prototype.invite)),

            async function UsersController_invite(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsUsersController_invite, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<UsersController>(UsersController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'invite',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsUsersController_updateUser: Record<string, TsoaRoute.ParameterSchema> = {
                userId: {"in":"path","name":"userId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"UpdateUserRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.put('/v1/account/users/:userId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(UsersController)),
            ...(fetchMiddlewares<RequestHandler>(UsersController.prototype.updateUser)),

            async function UsersController_updateUser(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsUsersController_updateUser, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<UsersController>(UsersController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'updateUser',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsUsersController_deactivate: Record<string, TsoaRoute.ParameterSchema> = {
                userId: {"in":"path","name":"userId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/account/users/:userId/deactivate',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(UsersController)),
            ...(fetchMiddlewares<RequestHandler>(UsersController.prototype.deactivate)),

            async function UsersController_deactivate(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsUsersController_deactivate, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<UsersController>(UsersController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'deactivate',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsUsersController_accept: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"AcceptInvitationRequest"},
        };
        app.post('/v1/auth/accept-invitation',
            ...(fetchMiddlewares<RequestHandler>(UsersController)),
            ...(fetchMiddlewares<RequestHandler>(UsersController.prototype.accept)),

            async function UsersController_accept(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsUsersController_accept, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<UsersController>(UsersController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'accept',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTenDlcController_listTenDlcBrands: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/tendlc/brands',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(TenDlcController)),
            ...(fetchMiddlewares<RequestHandler>(TenDlcController.prototype.listTenDlcBrands)),

            async function TenDlcController_listTenDlcBrands(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTenDlcController_listTenDlcBrands, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TenDlcController>(TenDlcController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listTenDlcBrands',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTenDlcController_registerTenDlcBrand: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"RegisterTenDlcBrandRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/tendlc/brands',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(TenDlcController)),
            ...(fetchMiddlewares<RequestHandler>(TenDlcController.prototype.registerTenDlcBrand)),

            async function TenDlcController_registerTenDlcBrand(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTenDlcController_registerTenDlcBrand, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TenDlcController>(TenDlcController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'registerTenDlcBrand',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTenDlcController_getTenDlcBrand: Record<string, TsoaRoute.ParameterSchema> = {
                brandId: {"in":"path","name":"brandId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/tendlc/brands/:brandId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(TenDlcController)),
            ...(fetchMiddlewares<RequestHandler>(TenDlcController.prototype.getTenDlcBrand)),

            async function TenDlcController_getTenDlcBrand(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTenDlcController_getTenDlcBrand, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TenDlcController>(TenDlcController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getTenDlcBrand',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTemplatesController_createTemplate: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"CreateTemplateRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/templates',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController)),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController.prototype.createTemplate)),

            async function TemplatesController_createTemplate(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTemplatesController_createTemplate, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TemplatesController>(TemplatesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createTemplate',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTemplatesController_listTemplates: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/templates',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController)),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController.prototype.listTemplates)),

            async function TemplatesController_listTemplates(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTemplatesController_listTemplates, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TemplatesController>(TemplatesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listTemplates',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTemplatesController_getTemplate: Record<string, TsoaRoute.ParameterSchema> = {
                templateId: {"in":"path","name":"templateId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/templates/:templateId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController)),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController.prototype.getTemplate)),

            async function TemplatesController_getTemplate(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTemplatesController_getTemplate, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TemplatesController>(TemplatesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getTemplate',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTemplatesController_updateTemplate: Record<string, TsoaRoute.ParameterSchema> = {
                templateId: {"in":"path","name":"templateId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"UpdateTemplateRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.put('/v1/templates/:templateId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController)),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController.prototype.updateTemplate)),

            async function TemplatesController_updateTemplate(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTemplatesController_updateTemplate, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TemplatesController>(TemplatesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'updateTemplate',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTemplatesController_createTemplateWithId: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                templateId: {"in":"path","name":"templateId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"CreateTemplateRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/accounts/:accountId/templates/:templateId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController)),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController.prototype.createTemplateWithId)),

            async function TemplatesController_createTemplateWithId(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTemplatesController_createTemplateWithId, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TemplatesController>(TemplatesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createTemplateWithId',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsTemplatesController_renderTemplate: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                templateId: {"in":"path","name":"templateId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"RenderTemplateRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/accounts/:accountId/templates/:templateId/render',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController)),
            ...(fetchMiddlewares<RequestHandler>(TemplatesController.prototype.renderTemplate)),

            async function TemplatesController_renderTemplate(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsTemplatesController_renderTemplate, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<TemplatesController>(TemplatesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'renderTemplate',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSecurityPolicyController_get: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/accounts/:accountId/security-policy',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(SecurityPolicyController)),
            ...(fetchMiddlewares<RequestHandler>(SecurityPolicyController.prototype.get)),

            async function SecurityPolicyController_get(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSecurityPolicyController_get, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SecurityPolicyController>(SecurityPolicyController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'get',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSecurityPolicyController_updateSecurityPolicy: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"SecurityPolicyUpdate"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                stepUpToken: {"in":"header","name":"X-Step-Up-Token","ref":"StepUpToken"},
        };
        app.put('/v1/accounts/:accountId/security-policy',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(SecurityPolicyController)),
            ...(fetchMiddlewares<RequestHandler>(SecurityPolicyController.prototype.updateSecurityPolicy)),

            async function SecurityPolicyController_updateSecurityPolicy(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSecurityPolicyController_updateSecurityPolicy, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SecurityPolicyController>(SecurityPolicyController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'updateSecurityPolicy',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSecurityPolicyController_enrollSetup: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"EnrollmentSetupRequest"},
        };
        app.post('/v1/auth/login/mfa/enroll/setup',
            ...(fetchMiddlewares<RequestHandler>(SecurityPolicyController)),
            ...(fetchMiddlewares<RequestHandler>(SecurityPolicyController.prototype.enrollSetup)),

            async function SecurityPolicyController_enrollSetup(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSecurityPolicyController_enrollSetup, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SecurityPolicyController>(SecurityPolicyController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'enrollSetup',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSecurityPolicyController_enrollConfirm: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"EnrollmentConfirmRequest"},
        };
        app.post('/v1/auth/login/mfa/enroll/confirm',
            ...(fetchMiddlewares<RequestHandler>(SecurityPolicyController)),
            ...(fetchMiddlewares<RequestHandler>(SecurityPolicyController.prototype.enrollConfirm)),

            async function SecurityPolicyController_enrollConfirm(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSecurityPolicyController_enrollConfirm, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SecurityPolicyController>(SecurityPolicyController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'enrollConfirm',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSandboxController_mailbox: Record<string, TsoaRoute.ParameterSchema> = {
                to: {"in":"query","name":"to","required":true,"ref":"Address"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/sandbox/mailbox',
            ...(fetchMiddlewares<RequestHandler>(SandboxController)),
            ...(fetchMiddlewares<RequestHandler>(SandboxController.prototype.mailbox)),

            async function SandboxController_mailbox(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSandboxController_mailbox, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SandboxController>(SandboxController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'mailbox',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSandboxController_setCarrierBehavior: Record<string, TsoaRoute.ParameterSchema> = {
                destination: {"in":"path","name":"destination","required":true,"ref":"Address"},
                body: {"in":"body","name":"body","required":true,"ref":"CarrierBehaviorRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.put('/v1/sandbox/carrier-behaviors/:destination',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(SandboxController)),
            ...(fetchMiddlewares<RequestHandler>(SandboxController.prototype.setCarrierBehavior)),

            async function SandboxController_setCarrierBehavior(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSandboxController_setCarrierBehavior, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SandboxController>(SandboxController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'setCarrierBehavior',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSandboxController_simulateInbound: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"SimulateInboundRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/sandbox/inbound',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(SandboxController)),
            ...(fetchMiddlewares<RequestHandler>(SandboxController.prototype.simulateInbound)),

            async function SandboxController_simulateInbound(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSandboxController_simulateInbound, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SandboxController>(SandboxController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'simulateInbound',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 202,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSandboxController_clock: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/sandbox/clock',
            ...(fetchMiddlewares<RequestHandler>(SandboxController)),
            ...(fetchMiddlewares<RequestHandler>(SandboxController.prototype.clock)),

            async function SandboxController_clock(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSandboxController_clock, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SandboxController>(SandboxController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'clock',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsSandboxController_advance: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"AdvanceClockRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/sandbox/clock/advance',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(SandboxController)),
            ...(fetchMiddlewares<RequestHandler>(SandboxController.prototype.advance)),

            async function SandboxController_advance(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsSandboxController_advance, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<SandboxController>(SandboxController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'advance',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRoutingPolicyController_getRoutingPolicy: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/subaccounts/:subaccountId/routing-policy',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RoutingPolicyController)),
            ...(fetchMiddlewares<RequestHandler>(RoutingPolicyController.prototype.getRoutingPolicy)),

            async function RoutingPolicyController_getRoutingPolicy(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRoutingPolicyController_getRoutingPolicy, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RoutingPolicyController>(RoutingPolicyController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getRoutingPolicy',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRoutingPolicyController_updateRoutingPolicy: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"UpdateRoutingPolicyRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.put('/v1/subaccounts/:subaccountId/routing-policy',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(RoutingPolicyController)),
            ...(fetchMiddlewares<RequestHandler>(RoutingPolicyController.prototype.updateRoutingPolicy)),

            async function RoutingPolicyController_updateRoutingPolicy(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRoutingPolicyController_updateRoutingPolicy, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RoutingPolicyController>(RoutingPolicyController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'updateRoutingPolicy',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRoutingPolicyController_previewRoute: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"RoutePreviewRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/subaccounts/:subaccountId/routing-policy/preview',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RoutingPolicyController)),
            ...(fetchMiddlewares<RequestHandler>(RoutingPolicyController.prototype.previewRoute)),

            async function RoutingPolicyController_previewRoute(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRoutingPolicyController_previewRoute, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RoutingPolicyController>(RoutingPolicyController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'previewRoute',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRepliesController_listAccountInboundMessages: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                from: {"in":"query","name":"from","ref":"Timestamp"},
                to: {"in":"query","name":"to","ref":"Timestamp"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/accounts/:accountId/inbound-messages',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(RepliesController)),
            ...(fetchMiddlewares<RequestHandler>(RepliesController.prototype.listAccountInboundMessages)),

            async function RepliesController_listAccountInboundMessages(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRepliesController_listAccountInboundMessages, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RepliesController>(RepliesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listAccountInboundMessages',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRepliesController_listSubaccountInboundMessages: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                from: {"in":"query","name":"from","ref":"Timestamp"},
                to: {"in":"query","name":"to","ref":"Timestamp"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/subaccounts/:subaccountId/inbound-messages',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(RepliesController)),
            ...(fetchMiddlewares<RequestHandler>(RepliesController.prototype.listSubaccountInboundMessages)),

            async function RepliesController_listSubaccountInboundMessages(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRepliesController_listSubaccountInboundMessages, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RepliesController>(RepliesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listSubaccountInboundMessages',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRepliesController_listAccountMessageReplies: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                messageId: {"in":"path","name":"messageId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/accounts/:accountId/messages/:messageId/replies',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(RepliesController)),
            ...(fetchMiddlewares<RequestHandler>(RepliesController.prototype.listAccountMessageReplies)),

            async function RepliesController_listAccountMessageReplies(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRepliesController_listAccountMessageReplies, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RepliesController>(RepliesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listAccountMessageReplies',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRepliesController_listSubaccountMessageReplies: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                messageId: {"in":"path","name":"messageId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/subaccounts/:subaccountId/messages/:messageId/replies',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(RepliesController)),
            ...(fetchMiddlewares<RequestHandler>(RepliesController.prototype.listSubaccountMessageReplies)),

            async function RepliesController_listSubaccountMessageReplies(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRepliesController_listSubaccountMessageReplies, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RepliesController>(RepliesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listSubaccountMessageReplies',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_recordSubaccountOptOut: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"RecordOptOutRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/subaccounts/:subaccountId/recipient-consent/opt-out',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.recordSubaccountOptOut)),

            async function RecipientConsentController_recordSubaccountOptOut(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_recordSubaccountOptOut, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'recordSubaccountOptOut',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_recordAccountOptOut: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"RecordOptOutRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/accounts/:accountId/recipient-consent/opt-out',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.recordAccountOptOut)),

            async function RecipientConsentController_recordAccountOptOut(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_recordAccountOptOut, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'recordAccountOptOut',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_subaccountOptIn: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"OptInRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/subaccounts/:subaccountId/recipient-consent/opt-in',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.subaccountOptIn)),

            async function RecipientConsentController_subaccountOptIn(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_subaccountOptIn, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'subaccountOptIn',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_accountOptIn: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"OptInRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/accounts/:accountId/recipient-consent/opt-in',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.accountOptIn)),

            async function RecipientConsentController_accountOptIn(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_accountOptIn, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'accountOptIn',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_listSubaccountOptOuts: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                recipient: {"in":"query","name":"recipient","ref":"QueryText"},
                channelType: {"in":"query","name":"channelType","ref":"QueryText"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/subaccounts/:subaccountId/recipient-consent/opt-outs',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.listSubaccountOptOuts)),

            async function RecipientConsentController_listSubaccountOptOuts(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_listSubaccountOptOuts, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listSubaccountOptOuts',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_listAccountOptOuts: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                recipient: {"in":"query","name":"recipient","ref":"QueryText"},
                channelType: {"in":"query","name":"channelType","ref":"QueryText"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/accounts/:accountId/recipient-consent/opt-outs',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.listAccountOptOuts)),

            async function RecipientConsentController_listAccountOptOuts(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_listAccountOptOuts, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listAccountOptOuts',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_subaccountPreferences: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                recipient: {"in":"query","name":"recipient","ref":"QueryText"},
        };
        app.get('/v1/subaccounts/:subaccountId/recipient-consent/preferences',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.subaccountPreferences)),

            async function RecipientConsentController_subaccountPreferences(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_subaccountPreferences, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'subaccountPreferences',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_accountPreferences: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                recipient: {"in":"query","name":"recipient","ref":"QueryText"},
        };
        app.get('/v1/accounts/:accountId/recipient-consent/preferences',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.accountPreferences)),

            async function RecipientConsentController_accountPreferences(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_accountPreferences, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'accountPreferences',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_createSubaccountOptInRecord: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"OptInRecordRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/subaccounts/:subaccountId/recipient-consent/opt-in-records',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.createSubaccountOptInRecord)),

            async function RecipientConsentController_createSubaccountOptInRecord(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_createSubaccountOptInRecord, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createSubaccountOptInRecord',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_createAccountOptInRecord: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"OptInRecordRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/accounts/:accountId/recipient-consent/opt-in-records',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.createAccountOptInRecord)),

            async function RecipientConsentController_createAccountOptInRecord(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_createAccountOptInRecord, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createAccountOptInRecord',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_listSubaccountOptInRecords: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                phone_number: {"in":"query","name":"phone_number","ref":"QueryText"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/subaccounts/:subaccountId/recipient-consent/opt-in-records',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.listSubaccountOptInRecords)),

            async function RecipientConsentController_listSubaccountOptInRecords(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_listSubaccountOptInRecords, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listSubaccountOptInRecords',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsRecipientConsentController_listAccountOptInRecords: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                phone_number: {"in":"query","name":"phone_number","ref":"QueryText"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/accounts/:accountId/recipient-consent/opt-in-records',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController)),
            ...(fetchMiddlewares<RequestHandler>(RecipientConsentController.prototype.listAccountOptInRecords)),

            async function RecipientConsentController_listAccountOptInRecords(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsRecipientConsentController_listAccountOptInRecords, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<RecipientConsentController>(RecipientConsentController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listAccountOptInRecords',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsConsentFilesController_importSubaccountOptOuts: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                file: {"in":"formData","name":"file","required":true,"dataType":"file"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/subaccounts/:subaccountId/recipient-consent/opt-outs/import',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            upload.fields([
                {
                    name: "file",
                    maxCount: 1
                }
            ]),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController)),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController.prototype.importSubaccountOptOuts)),

            async function ConsentFilesController_importSubaccountOptOuts(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsConsentFilesController_importSubaccountOptOuts, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ConsentFilesController>(ConsentFilesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'importSubaccountOptOuts',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 200,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsConsentFilesController_importAccountOptOuts: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                file: {"in":"formData","name":"file","required":true,"dataType":"file"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                scope: {"in":"query","name":"scope","ref":"QueryText"},
        };
        app.post('/v1/accounts/:accountId/recipient-consent/opt-outs/import',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            upload.fields([
                {
                    name: "file",
                    maxCount: 1
                }
            ]),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController)),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController.prototype.importAccountOptOuts)),

            async function ConsentFilesController_importAccountOptOuts(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsConsentFilesController_importAccountOptOuts, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ConsentFilesController>(ConsentFilesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'importAccountOptOuts',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 200,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsConsentFilesController_importSubaccountOptInRecords: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                file: {"in":"formData","name":"file","required":true,"dataType":"file"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/subaccounts/:subaccountId/recipient-consent/opt-in-records/import',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            upload.fields([
                {
                    name: "file",
                    maxCount: 1
                }
            ]),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController)),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController.prototype.importSubaccountOptInRecords)),

            async function ConsentFilesController_importSubaccountOptInRecords(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsConsentFilesController_importSubaccountOptInRecords, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ConsentFilesController>(ConsentFilesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'importSubaccountOptInRecords',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 200,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsConsentFilesController_importAccountOptInRecords: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                file: {"in":"formData","name":"file","required":true,"dataType":"file"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/accounts/:accountId/recipient-consent/opt-in-records/import',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            upload.fields([
                {
                    name: "file",
                    maxCount: 1
                }
            ]),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController)),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController.prototype.importAccountOptInRecords)),

            async function ConsentFilesController_importAccountOptInRecords(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsConsentFilesController_importAccountOptInRecords, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ConsentFilesController>(ConsentFilesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'importAccountOptInRecords',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 200,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsConsentFilesController_exportSubaccountOptOuts: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/subaccounts/:subaccountId/recipient-consent/opt-outs/export',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController)),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController.prototype.exportSubaccountOptOuts)),

            async function ConsentFilesController_exportSubaccountOptOuts(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsConsentFilesController_exportSubaccountOptOuts, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ConsentFilesController>(ConsentFilesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'exportSubaccountOptOuts',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 200,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsConsentFilesController_exportAccountOptOuts: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/accounts/:accountId/recipient-consent/opt-outs/export',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController)),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController.prototype.exportAccountOptOuts)),

            async function ConsentFilesController_exportAccountOptOuts(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsConsentFilesController_exportAccountOptOuts, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ConsentFilesController>(ConsentFilesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'exportAccountOptOuts',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 200,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsConsentFilesController_exportSubaccountOptInRecords: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/subaccounts/:subaccountId/recipient-consent/opt-in-records/export',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController)),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController.prototype.exportSubaccountOptInRecords)),

            async function ConsentFilesController_exportSubaccountOptInRecords(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsConsentFilesController_exportSubaccountOptInRecords, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ConsentFilesController>(ConsentFilesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'exportSubaccountOptInRecords',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 200,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsConsentFilesController_exportAccountOptInRecords: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/accounts/:accountId/recipient-consent/opt-in-records/export',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController)),
            ...(fetchMiddlewares<RequestHandler>(ConsentFilesController.prototype.exportAccountOptInRecords)),

            async function ConsentFilesController_exportAccountOptInRecords(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsConsentFilesController_exportAccountOptInRecords, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ConsentFilesController>(ConsentFilesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'exportAccountOptInRecords',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 200,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsQuotaController_subaccountQuota: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/quota/subaccounts/:subaccountId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(QuotaController)),
            ...(fetchMiddlewares<RequestHandler>(QuotaController.prototype.subaccountQuota)),

            async function QuotaController_subaccountQuota(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsQuotaController_subaccountQuota, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<QuotaController>(QuotaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'subaccountQuota',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsQuotaController_userSubaccountQuota: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/user/quota/subaccounts/:subaccountId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(QuotaController)),
            ...(fetchMiddlewares<RequestHandler>(QuotaController.prototype.userSubaccountQuota)),

            async function QuotaController_userSubaccountQuota(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsQuotaController_userSubaccountQuota, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<QuotaController>(QuotaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'userSubaccountQuota',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsProviderCallbacksController_carrierHandshake: Record<string, TsoaRoute.ParameterSchema> = {
                carrier: {"in":"path","name":"carrier","required":true,"dataType":"string"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/webhooks/carriers/:carrier',
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController)),
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController.prototype.carrierHandshake)),

            async function ProviderCallbacksController_carrierHandshake(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsProviderCallbacksController_carrierHandshake, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ProviderCallbacksController>(ProviderCallbacksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'carrierHandshake',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsProviderCallbacksController_carrierWebhook: Record<string, TsoaRoute.ParameterSchema> = {
                carrier: {"in":"path","name":"carrier","required":true,"dataType":"string"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/webhooks/carriers/:carrier',
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController)),
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController.prototype.carrierWebhook)),

            async function ProviderCallbacksController_carrierWebhook(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsProviderCallbacksController_carrierWebhook, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ProviderCallbacksController>(ProviderCallbacksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'carrierWebhook',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsProviderCallbacksController_carrier: Record<string, TsoaRoute.ParameterSchema> = {
                carrier: {"in":"path","name":"carrier","required":true,"dataType":"string"},
                kind: {"in":"path","name":"kind","required":true,"dataType":"string"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/webhooks/carriers/:carrier/:kind',
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController)),
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController.prototype.carrier)),

            async function ProviderCallbacksController_carrier(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsProviderCallbacksController_carrier, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ProviderCallbacksController>(ProviderCallbacksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'carrier',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsProviderCallbacksController_stripeConnect: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/webhooks/stripe/connect',
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController)),
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController.prototype.stripeConnect)),

            async function ProviderCallbacksController_stripeConnect(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsProviderCallbacksController_stripeConnect, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ProviderCallbacksController>(ProviderCallbacksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'stripeConnect',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsProviderCallbacksController_provider: Record<string, TsoaRoute.ParameterSchema> = {
                provider: {"in":"path","name":"provider","required":true,"dataType":"string"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/webhooks/:provider',
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController)),
            ...(fetchMiddlewares<RequestHandler>(ProviderCallbacksController.prototype.provider)),

            async function ProviderCallbacksController_provider(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsProviderCallbacksController_provider, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ProviderCallbacksController>(ProviderCallbacksController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'provider',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPlatformController_healthz: Record<string, TsoaRoute.ParameterSchema> = {
        };
        app.get('/healthz',
            ...(fetchMiddlewares<RequestHandler>(PlatformController)),
            ...(fetchMiddlewares<RequestHandler>(PlatformController.prototype.healthz)),

            async function PlatformController_healthz(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPlatformController_healthz, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PlatformController>(PlatformController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'healthz',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPlatformController_readyz: Record<string, TsoaRoute.ParameterSchema> = {
        };
        app.get('/readyz',
            ...(fetchMiddlewares<RequestHandler>(PlatformController)),
            ...(fetchMiddlewares<RequestHandler>(PlatformController.prototype.readyz)),

            async function PlatformController_readyz(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPlatformController_readyz, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PlatformController>(PlatformController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'readyz',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPlatformController_openApiJson: Record<string, TsoaRoute.ParameterSchema> = {
        };
        app.get('/openapi/public.json',
            ...(fetchMiddlewares<RequestHandler>(PlatformController)),
            ...(fetchMiddlewares<RequestHandler>(PlatformController.prototype.openApiJson)),

            async function PlatformController_openApiJson(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPlatformController_openApiJson, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PlatformController>(PlatformController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'openApiJson',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPlatformController_openApiYaml: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/openapi/public.yaml',
            ...(fetchMiddlewares<RequestHandler>(PlatformController)),
            ...(fetchMiddlewares<RequestHandler>(PlatformController.prototype.openApiYaml)),

            async function PlatformController_openApiYaml(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPlatformController_openApiYaml, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PlatformController>(PlatformController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'openApiYaml',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPasskeysController_listPasskeys: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/auth/mfa/webauthn',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController)),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController.prototype.listPasskeys)),

            async function PasskeysController_listPasskeys(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPasskeysController_listPasskeys, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PasskeysController>(PasskeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listPasskeys',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPasskeysController_registrationOptions: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/auth/mfa/webauthn/register/options',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController)),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController.prototype.registrationOptions)),

            async function PasskeysController_registrationOptions(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPasskeysController_registrationOptions, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PasskeysController>(PasskeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'registrationOptions',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPasskeysController_completeRegistration: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"CompletePasskeyRegistrationRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                stepUpToken: {"in":"header","name":"X-Step-Up-Token","ref":"StepUpToken"},
        };
        app.post('/v1/auth/mfa/webauthn/register/complete',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController)),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController.prototype.completeRegistration)),

            async function PasskeysController_completeRegistration(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPasskeysController_completeRegistration, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PasskeysController>(PasskeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'completeRegistration',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPasskeysController_rename: Record<string, TsoaRoute.ParameterSchema> = {
                id: {"in":"path","name":"id","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"RenamePasskeyRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.patch('/v1/auth/mfa/webauthn/:id',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController)),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController.prototype.rename)),

            async function PasskeysController_rename(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPasskeysController_rename, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PasskeysController>(PasskeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'rename',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPasskeysController_remove: Record<string, TsoaRoute.ParameterSchema> = {
                id: {"in":"path","name":"id","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                stepUpToken: {"in":"header","name":"X-Step-Up-Token","ref":"StepUpToken"},
        };
        app.delete('/v1/auth/mfa/webauthn/:id',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController)),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController.prototype.remove)),

            async function PasskeysController_remove(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPasskeysController_remove, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PasskeysController>(PasskeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'remove',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 204,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPasskeysController_loginOptions: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"PasskeyLoginOptionsRequest"},
        };
        app.post('/v1/auth/login/mfa/webauthn/options',
            ...(fetchMiddlewares<RequestHandler>(PasskeysController)),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController.prototype.loginOptions)),

            async function PasskeysController_loginOptions(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPasskeysController_loginOptions, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PasskeysController>(PasskeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'loginOptions',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsPasskeysController_stepUpOptions: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"PasskeyStepUpOptionsRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/auth/mfa/step-up/webauthn/options',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController)),
            ...(fetchMiddlewares<RequestHandler>(PasskeysController.prototype.stepUpOptions)),

            async function PasskeysController_stepUpOptions(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsPasskeysController_stepUpOptions, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<PasskeysController>(PasskeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'stepUpOptions',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsNumbersController_listNumbers: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/numbers',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(NumbersController)),
            ...(fetchMiddlewares<RequestHandler>(NumbersController.prototype.listNumbers)),

            async function NumbersController_listNumbers(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsNumbersController_listNumbers, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<NumbersController>(NumbersController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listNumbers',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsNumbersController_createNumber: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"CreateNumberRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/numbers',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(NumbersController)),
            ...(fetchMiddlewares<RequestHandler>(NumbersController.prototype.createNumber)),

            async function NumbersController_createNumber(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsNumbersController_createNumber, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<NumbersController>(NumbersController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createNumber',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsNumbersController_deleteNumber: Record<string, TsoaRoute.ParameterSchema> = {
                numberId: {"in":"path","name":"numberId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.delete('/v1/numbers/:numberId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(NumbersController)),
            ...(fetchMiddlewares<RequestHandler>(NumbersController.prototype.deleteNumber)),

            async function NumbersController_deleteNumber(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsNumbersController_deleteNumber, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<NumbersController>(NumbersController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'deleteNumber',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 204,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsNumberPoolsController_createNumberPool: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"CreateNumberPoolRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/number-pools',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController)),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController.prototype.createNumberPool)),

            async function NumberPoolsController_createNumberPool(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsNumberPoolsController_createNumberPool, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<NumberPoolsController>(NumberPoolsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createNumberPool',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsNumberPoolsController_listNumberPools: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                subaccountId: {"in":"query","name":"subaccountId","ref":"ResourceId"},
        };
        app.get('/v1/number-pools',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController)),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController.prototype.listNumberPools)),

            async function NumberPoolsController_listNumberPools(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsNumberPoolsController_listNumberPools, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<NumberPoolsController>(NumberPoolsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listNumberPools',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsNumberPoolsController_getNumberPool: Record<string, TsoaRoute.ParameterSchema> = {
                poolId: {"in":"path","name":"poolId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/number-pools/:poolId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController)),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController.prototype.getNumberPool)),

            async function NumberPoolsController_getNumberPool(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsNumberPoolsController_getNumberPool, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<NumberPoolsController>(NumberPoolsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getNumberPool',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsNumberPoolsController_updateNumberPool: Record<string, TsoaRoute.ParameterSchema> = {
                poolId: {"in":"path","name":"poolId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"UpdateNumberPoolRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.put('/v1/number-pools/:poolId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController)),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController.prototype.updateNumberPool)),

            async function NumberPoolsController_updateNumberPool(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsNumberPoolsController_updateNumberPool, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<NumberPoolsController>(NumberPoolsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'updateNumberPool',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsNumberPoolsController_deleteNumberPool: Record<string, TsoaRoute.ParameterSchema> = {
                poolId: {"in":"path","name":"poolId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.delete('/v1/number-pools/:poolId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ManageRouting"]}]),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController)),
            ...(fetchMiddlewares<RequestHandler>(NumberPoolsController.prototype.deleteNumberPool)),

            async function NumberPoolsController_deleteNumberPool(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsNumberPoolsController_deleteNumberPool, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<NumberPoolsController>(NumberPoolsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'deleteNumberPool',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 204,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_loginMfa: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"LoginMfaRequest"},
        };
        app.post('/v1/auth/login/mfa',
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.loginMfa)),

            async function MfaController_loginMfa(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_loginMfa, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'loginMfa',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_status: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/auth/mfa',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.status)),

            async function MfaController_status(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_status, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'status',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_setupTotp: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                stepUpToken: {"in":"header","name":"X-Step-Up-Token","ref":"StepUpToken"},
        };
        app.post('/v1/auth/mfa/totp/setup',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.setupTotp)),

            async function MfaController_setupTotp(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_setupTotp, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'setupTotp',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_confirmTotp: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"TotpConfirmRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/auth/mfa/totp/confirm',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.confirmTotp)),

            async function MfaController_confirmTotp(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_confirmTotp, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'confirmTotp',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_regenerateRecoveryCodes: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                stepUpToken: {"in":"header","name":"X-Step-Up-Token","ref":"StepUpToken"},
        };
        app.post('/v1/auth/mfa/recovery-codes',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.regenerateRecoveryCodes)),

            async function MfaController_regenerateRecoveryCodes(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_regenerateRecoveryCodes, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'regenerateRecoveryCodes',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_disable: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                stepUpToken: {"in":"header","name":"X-Step-Up-Token","ref":"StepUpToken"},
        };
        app.delete('/v1/auth/mfa',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.disable)),

            async function MfaController_disable(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_disable, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'disable',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_stepUp: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"StepUpRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/auth/mfa/step-up',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.stepUp)),

            async function MfaController_stepUp(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_stepUp, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'stepUp',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_issueEmailOtp: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                body: {"in":"body","name":"body","ref":"EmailOtpIssueRequest"},
        };
        app.post('/v1/email-otp/issue',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.issueEmailOtp)),

            async function MfaController_issueEmailOtp(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_issueEmailOtp, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'issueEmailOtp',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMfaController_verifyEmailOtp: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"EmailOtpVerifyRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/email-otp/verify',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MfaController)),
            ...(fetchMiddlewares<RequestHandler>(MfaController.prototype.verifyEmailOtp)),

            async function MfaController_verifyEmailOtp(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMfaController_verifyEmailOtp, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MfaController>(MfaController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'verifyEmailOtp',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMessagesController_sendFromAccount: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"SendMessageRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                idempotencyKey: {"in":"header","name":"Idempotency-Key","ref":"IdempotencyKey"},
        };
        app.post('/v1/accounts/:accountId/messages',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["SendMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(MessagesController)),
            ...(fetchMiddlewares<RequestHandler>(MessagesController.prototype.sendFromAccount)),

            async function MessagesController_sendFromAccount(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMessagesController_sendFromAccount, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MessagesController>(MessagesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'sendFromAccount',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMessagesController_sendFromSubaccount: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"SendMessageRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                idempotencyKey: {"in":"header","name":"Idempotency-Key","ref":"IdempotencyKey"},
        };
        app.post('/v1/subaccounts/:subaccountId/messages',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["SendMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(MessagesController)),
            ...(fetchMiddlewares<RequestHandler>(MessagesController.prototype.sendFromSubaccount)),

            async function MessagesController_sendFromSubaccount(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMessagesController_sendFromSubaccount, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MessagesController>(MessagesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'sendFromSubaccount',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMessagesController_getMessage: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                messageId: {"in":"path","name":"messageId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/accounts/:accountId/messages/:messageId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(MessagesController)),
            ...(fetchMiddlewares<RequestHandler>(MessagesController.prototype.getMessage)),

            async function MessagesController_getMessage(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMessagesController_getMessage, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MessagesController>(MessagesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getMessage',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMessagesController_cancelFromAccount: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                messageId: {"in":"path","name":"messageId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/accounts/:accountId/messages/:messageId/cancel',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["SendMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(MessagesController)),
            ...(fetchMiddlewares<RequestHandler>(MessagesController.prototype.cancelFromAccount)),

            async function MessagesController_cancelFromAccount(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMessagesController_cancelFromAccount, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MessagesController>(MessagesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'cancelFromAccount',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMessagesController_cancelFromSubaccount: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                messageId: {"in":"path","name":"messageId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/subaccounts/:subaccountId/messages/:messageId/cancel',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["SendMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(MessagesController)),
            ...(fetchMiddlewares<RequestHandler>(MessagesController.prototype.cancelFromSubaccount)),

            async function MessagesController_cancelFromSubaccount(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMessagesController_cancelFromSubaccount, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MessagesController>(MessagesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'cancelFromSubaccount',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMessagesController_previewSegments: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"SegmentPreviewRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/messages/segments/preview',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(MessagesController)),
            ...(fetchMiddlewares<RequestHandler>(MessagesController.prototype.previewSegments)),

            async function MessagesController_previewSegments(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMessagesController_previewSegments, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MessagesController>(MessagesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'previewSegments',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMessageListController_listAccountMessages: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                status: {"in":"query","name":"status","ref":"QueryText"},
                clientReference: {"in":"query","name":"clientReference","ref":"QueryText"},
                subaccountId: {"in":"query","name":"subaccountId","ref":"ResourceId"},
                from: {"in":"query","name":"from","ref":"Timestamp"},
                to: {"in":"query","name":"to","ref":"Timestamp"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/accounts/:accountId/messages',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(MessageListController)),
            ...(fetchMiddlewares<RequestHandler>(MessageListController.prototype.listAccountMessages)),

            async function MessageListController_listAccountMessages(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMessageListController_listAccountMessages, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MessageListController>(MessageListController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listAccountMessages',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsMessageListController_listSubaccountMessages: Record<string, TsoaRoute.ParameterSchema> = {
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                status: {"in":"query","name":"status","ref":"QueryText"},
                clientReference: {"in":"query","name":"clientReference","ref":"QueryText"},
                from: {"in":"query","name":"from","ref":"Timestamp"},
                to: {"in":"query","name":"to","ref":"Timestamp"},
                pageSize: {"in":"query","name":"pageSize","ref":"QueryInteger"},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/subaccounts/:subaccountId/messages',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(MessageListController)),
            ...(fetchMiddlewares<RequestHandler>(MessageListController.prototype.listSubaccountMessages)),

            async function MessageListController_listSubaccountMessages(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsMessageListController_listSubaccountMessages, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<MessageListController>(MessageListController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listSubaccountMessages',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsExternalIdentitiesController_externalLogin: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"ExternalLoginRequest"},
        };
        app.post('/v1/auth/external-login',
            ...(fetchMiddlewares<RequestHandler>(ExternalIdentitiesController)),
            ...(fetchMiddlewares<RequestHandler>(ExternalIdentitiesController.prototype.externalLogin)),

            async function ExternalIdentitiesController_externalLogin(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsExternalIdentitiesController_externalLogin, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ExternalIdentitiesController>(ExternalIdentitiesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'externalLogin',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsExternalIdentitiesController_listExternalIdentities: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/auth/identities',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ExternalIdentitiesController)),
            ...(fetchMiddlewares<RequestHandler>(ExternalIdentitiesController.prototype.listExternalIdentities)),

            async function ExternalIdentitiesController_listExternalIdentities(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsExternalIdentitiesController_listExternalIdentities, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ExternalIdentitiesController>(ExternalIdentitiesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listExternalIdentities',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsExternalIdentitiesController_unlink: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"UnlinkRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                stepUpToken: {"in":"header","name":"X-Step-Up-Token","ref":"StepUpToken"},
        };
        app.post('/v1/auth/unlink',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ExternalIdentitiesController)),
            ...(fetchMiddlewares<RequestHandler>(ExternalIdentitiesController.prototype.unlink)),

            async function ExternalIdentitiesController_unlink(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsExternalIdentitiesController_unlink, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ExternalIdentitiesController>(ExternalIdentitiesController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'unlink',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsCarrierEventsController_carrierEvents: Record<string, TsoaRoute.ParameterSchema> = {
                messageId: {"in":"path","name":"messageId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/messages/:messageId/carrier-events',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(CarrierEventsController)),
            ...(fetchMiddlewares<RequestHandler>(CarrierEventsController.prototype.carrierEvents)),

            async function CarrierEventsController_carrierEvents(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsCarrierEventsController_carrierEvents, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<CarrierEventsController>(CarrierEventsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'carrierEvents',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsBillingController_messageCosts: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                from: {"in":"query","name":"from","ref":"Timestamp"},
                to: {"in":"query","name":"to","ref":"Timestamp"},
                subaccountId: {"in":"query","name":"subaccountId","ref":"ResourceId"},
        };
        app.get('/v1/billing/message-costs',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(BillingController)),
            ...(fetchMiddlewares<RequestHandler>(BillingController.prototype.messageCosts)),

            async function BillingController_messageCosts(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsBillingController_messageCosts, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<BillingController>(BillingController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'messageCosts',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsBillingController_messageCostsByChannel: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                from: {"in":"query","name":"from","ref":"Timestamp"},
                to: {"in":"query","name":"to","ref":"Timestamp"},
                subaccountId: {"in":"query","name":"subaccountId","ref":"ResourceId"},
        };
        app.get('/v1/billing/message-costs/channels',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(BillingController)),
            ...(fetchMiddlewares<RequestHandler>(BillingController.prototype.messageCostsByChannel)),

            async function BillingController_messageCostsByChannel(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsBillingController_messageCostsByChannel, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<BillingController>(BillingController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'messageCostsByChannel',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsBillingController_messageCostDetail: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                from: {"in":"query","name":"from","ref":"Timestamp"},
                to: {"in":"query","name":"to","ref":"Timestamp"},
                subaccountId: {"in":"query","name":"subaccountId","ref":"ResourceId"},
                channelType: {"in":"query","name":"channelType","ref":"QueryText"},
                pageSize: {"in":"query","name":"pageSize","dataType":"integer","validators":{"isInt":{"errorMsg":"pageSize"},"minimum":{"value":1},"maximum":{"value":200}}},
                cursor: {"in":"query","name":"cursor","ref":"Cursor"},
        };
        app.get('/v1/billing/message-costs/detail',
            authenticateMiddleware([{"bearer":[]},{"apiKey":["ReadMessages"]}]),
            ...(fetchMiddlewares<RequestHandler>(BillingController)),
            ...(fetchMiddlewares<RequestHandler>(BillingController.prototype.messageCostDetail)),

            async function BillingController_messageCostDetail(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsBillingController_messageCostDetail, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<BillingController>(BillingController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'messageCostDetail',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAuthController_register: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"RegisterRequest"},
        };
        app.post('/v1/register',
            ...(fetchMiddlewares<RequestHandler>(AuthController)),
            ...(fetchMiddlewares<RequestHandler>(AuthController.prototype.register)),

            async function AuthController_register(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAuthController_register, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AuthController>(AuthController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'register',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAuthController_verifyEmail: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"VerifyEmailRequest"},
        };
        app.post('/v1/auth/verify-email',
            ...(fetchMiddlewares<RequestHandler>(AuthController)),
            ...(fetchMiddlewares<RequestHandler>(AuthController.prototype.verifyEmail)),

            async function AuthController_verifyEmail(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAuthController_verifyEmail, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AuthController>(AuthController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'verifyEmail',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAuthController_login: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"LoginRequest"},
        };
        app.post('/v1/auth/login',
            ...(fetchMiddlewares<RequestHandler>(AuthController)),
            ...(fetchMiddlewares<RequestHandler>(AuthController.prototype.login)),

            async function AuthController_login(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAuthController_login, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AuthController>(AuthController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'login',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAuthController_refresh: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"RefreshRequest"},
        };
        app.post('/v1/auth/token/refresh',
            ...(fetchMiddlewares<RequestHandler>(AuthController)),
            ...(fetchMiddlewares<RequestHandler>(AuthController.prototype.refresh)),

            async function AuthController_refresh(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAuthController_refresh, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AuthController>(AuthController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'refresh',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAuthController_me: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/auth/me',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(AuthController)),
            ...(fetchMiddlewares<RequestHandler>(AuthController.prototype.me)),

            async function AuthController_me(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAuthController_me, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AuthController>(AuthController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'me',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsApiKeysController_create: Record<string, TsoaRoute.ParameterSchema> = {
                body: {"in":"body","name":"body","required":true,"ref":"CreateApiKeyRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/api-keys',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ApiKeysController)),
            ...(fetchMiddlewares<RequestHandler>(ApiKeysController.prototype.create)),

            async function ApiKeysController_create(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsApiKeysController_create, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ApiKeysController>(ApiKeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'create',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsApiKeysController_listApiKeys: Record<string, TsoaRoute.ParameterSchema> = {
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/api-keys',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ApiKeysController)),
            ...(fetchMiddlewares<RequestHandler>(ApiKeysController.prototype.listApiKeys)),

            async function ApiKeysController_listApiKeys(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsApiKeysController_listApiKeys, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ApiKeysController>(ApiKeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listApiKeys',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsApiKeysController_updateApiKey: Record<string, TsoaRoute.ParameterSchema> = {
                apiKeyId: {"in":"path","name":"apiKeyId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"UpdateApiKeyRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.put('/v1/api-keys/:apiKeyId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ApiKeysController)),
            ...(fetchMiddlewares<RequestHandler>(ApiKeysController.prototype.updateApiKey)),

            async function ApiKeysController_updateApiKey(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsApiKeysController_updateApiKey, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ApiKeysController>(ApiKeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'updateApiKey',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsApiKeysController_revoke: Record<string, TsoaRoute.ParameterSchema> = {
                apiKeyId: {"in":"path","name":"apiKeyId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
                purge: {"in":"query","name":"purge","dataType":"boolean"},
        };
        app.delete('/v1/api-keys/:apiKeyId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(ApiKeysController)),
            ...(fetchMiddlewares<RequestHandler>(ApiKeysController.prototype.revoke)),

            async function ApiKeysController_revoke(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsApiKeysController_revoke, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<ApiKeysController>(ApiKeysController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'revoke',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 204,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAccountsController_getAccount: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/accounts/:accountId',
            authenticateMiddleware([{"bearer":[]},{"apiKey":[]}]),
            ...(fetchMiddlewares<RequestHandler>(AccountsController)),
            ...(fetchMiddlewares<RequestHandler>(AccountsController.prototype.getAccount)),

            async function AccountsController_getAccount(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAccountsController_getAccount, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AccountsController>(AccountsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getAccount',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAccountsController_createSubaccount: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"CreateSubaccountRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.post('/v1/accounts/:accountId/subaccounts',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(AccountsController)),
            ...(fetchMiddlewares<RequestHandler>(AccountsController.prototype.createSubaccount)),

            async function AccountsController_createSubaccount(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAccountsController_createSubaccount, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AccountsController>(AccountsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'createSubaccount',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: 201,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAccountsController_listSubaccounts: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/accounts/:accountId/subaccounts',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(AccountsController)),
            ...(fetchMiddlewares<RequestHandler>(AccountsController.prototype.listSubaccounts)),

            async function AccountsController_listSubaccounts(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAccountsController_listSubaccounts, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AccountsController>(AccountsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'listSubaccounts',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAccountsController_getSubaccount: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.get('/v1/accounts/:accountId/subaccounts/:subaccountId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(AccountsController)),
            ...(fetchMiddlewares<RequestHandler>(AccountsController.prototype.getSubaccount)),

            async function AccountsController_getSubaccount(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAccountsController_getSubaccount, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AccountsController>(AccountsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'getSubaccount',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        const argsAccountsController_updateSubaccount: Record<string, TsoaRoute.ParameterSchema> = {
                accountId: {"in":"path","name":"accountId","required":true,"ref":"ResourceId"},
                subaccountId: {"in":"path","name":"subaccountId","required":true,"ref":"ResourceId"},
                body: {"in":"body","name":"body","required":true,"ref":"UpdateSubaccountRequest"},
                req: {"in":"request","name":"req","required":true,"dataType":"object"},
        };
        app.put('/v1/accounts/:accountId/subaccounts/:subaccountId',
            authenticateMiddleware([{"bearer":[]}]),
            ...(fetchMiddlewares<RequestHandler>(AccountsController)),
            ...(fetchMiddlewares<RequestHandler>(AccountsController.prototype.updateSubaccount)),

            async function AccountsController_updateSubaccount(request: ExRequest, response: ExResponse, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            let validatedArgs: any[] = [];
            try {
                validatedArgs = templateService.getValidatedArgs({ args: argsAccountsController_updateSubaccount, request, response });

                const container: IocContainer = typeof iocContainer === 'function' ? (iocContainer as IocContainerFactory)(request) : iocContainer;

                const controller: any = await container.get<AccountsController>(AccountsController);
                if (typeof controller['setStatus'] === 'function') {
                controller.setStatus(undefined);
                }

              await templateService.apiHandler({
                methodName: 'updateSubaccount',
                controller,
                response,
                next,
                validatedArgs,
                successStatus: undefined,
              });
            } catch (err) {
                return next(err);
            }
        });
        // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa


    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

    function authenticateMiddleware(security: TsoaRoute.Security[] = []) {
        return async function runAuthenticationMiddleware(request: any, response: any, next: any) {

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            // keep track of failed auth attempts so we can hand back the most
            // recent one.  This behavior was previously existing so preserving it
            // here
            const failedAttempts: any[] = [];
            const pushAndRethrow = (error: any) => {
                failedAttempts.push(error);
                throw error;
            };

            const secMethodOrPromises: Promise<any>[] = [];
            for (const secMethod of security) {
                if (Object.keys(secMethod).length > 1) {
                    const secMethodAndPromises: Promise<any>[] = [];

                    for (const name in secMethod) {
                        secMethodAndPromises.push(
                            expressAuthenticationRecasted(request, name, secMethod[name], response)
                                .catch(pushAndRethrow)
                        );
                    }

                    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

                    secMethodOrPromises.push(Promise.all(secMethodAndPromises)
                        .then(users => { return users[0]; }));
                } else {
                    for (const name in secMethod) {
                        secMethodOrPromises.push(
                            expressAuthenticationRecasted(request, name, secMethod[name], response)
                                .catch(pushAndRethrow)
                        );
                    }
                }
            }

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa

            try {
                request['user'] = await Promise.any(secMethodOrPromises);

                // Response was sent in middleware, abort
                if (response.writableEnded) {
                    return;
                }

                next();
            }
            catch(err) {
                // Show most recent error as response
                const error = failedAttempts.pop();
                error.status = error.status || 401;

                // Response was sent in middleware, abort
                if (response.writableEnded) {
                    return;
                }
                next(error);
            }

            // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
        }
    }

    // WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
}

// WARNING: This file was auto-generated with tsoa. Please do not modify it. Re-run tsoa to re-generate this file: https://github.com/lukeautry/tsoa
