/**
 * Meta's documented WhatsApp webhook payloads, as raw JSON text (the bytes
 * matter: signatures are over them). Sources are named per payload; see
 * README.md here for how placeholders were filled.
 */

/** Meta App Dashboard's sample for the `messages` field (WhatsApp > Configuration > Webhook fields > messages > Test), byte for byte. */
export const TEXT_MESSAGE = `{"object":"whatsapp_business_account","entry":[{"id":"0","changes":[{"field":"messages","value":{"messaging_product":"whatsapp","metadata":{"display_phone_number":"16505551111","phone_number_id":"123456123"},"contacts":[{"profile":{"name":"test user name"},"wa_id":"16315551181"}],"messages":[{"from":"16315551181","id":"ABGGFlA5Fpa","timestamp":"1504902988","type":"text","text":{"body":"this is a text message"}}]}}]}]}`;

/**
 * Text messages webhook reference, syntax with its `context` (the message the
 * user's message answers), placeholders filled with the page's example values:
 * developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/text
 */
export const TEXT_QUOTING_MESSAGE = `{
  "object": "whatsapp_business_account",
  "entry": [
    {
      "id": "102290129340398",
      "changes": [
        {
          "value": {
            "messaging_product": "whatsapp",
            "metadata": {
              "display_phone_number": "15550783881",
              "phone_number_id": "106540352242922"
            },
            "contacts": [
              {
                "profile": {
                  "name": "Sheena Nelson"
                },
                "wa_id": "16505551234"
              }
            ],
            "messages": [
              {
                "from": "16505551234",
                "id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=",
                "timestamp": "1739321024",
                "type": "text",
                "text": {
                  "body": "this is a text message"
                },
                "context": {
                  "from": "15550783881",
                  "id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGA9wcm9kdWN0X2lucXVpcnkA"
                }
              }
            ]
          },
          "field": "messages"
        }
      ]
    }
  ]
}`;

/** Button messages webhook reference (quick-reply button of a template), filled with the page's example values: …/webhooks/reference/messages/button */
export const BUTTON_MESSAGE = `{
  "object": "whatsapp_business_account",
  "entry": [
    {
      "id": "102290129340398",
      "changes": [
        {
          "value": {
            "messaging_product": "whatsapp",
            "metadata": {
              "display_phone_number": "15550783881",
              "phone_number_id": "106540352242922"
            },
            "contacts": [
              {
                "profile": {
                  "name": "Sheena Nelson"
                },
                "wa_id": "16505551234"
              }
            ],
            "messages": [
              {
                "context": {
                  "from": "15550783881",
                  "id": "wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA="
                },
                "from": "16505551234",
                "id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=",
                "timestamp": "1739321024",
                "type": "button",
                "button": {
                  "payload": "Unsubscribe",
                  "text": "Unsubscribe"
                }
              }
            ]
          },
          "field": "messages"
        }
      ]
    }
  ]
}`;

/** Interactive messages webhook reference, the reply-button variant, page example values: …/webhooks/reference/messages/interactive */
export const BUTTON_REPLY_MESSAGE = interactive(`{
                  "type": "button_reply",
                  "button_reply": {
                    "id": "cancel-button",
                    "title": "Cancel"
                  }
                }`);

/** Interactive messages webhook reference, the list-reply variant, page example values: …/webhooks/reference/messages/interactive */
export const LIST_REPLY_MESSAGE = interactive(`{
                  "type": "list_reply",
                  "list_reply": {
                    "id": "priority_express",
                    "title": "Priority Mail Express",
                    "description": "Next Day to 2 Days"
                  }
                }`);

function interactive(reply: string): string {
  return `{
  "object": "whatsapp_business_account",
  "entry": [
    {
      "id": "102290129340398",
      "changes": [
        {
          "value": {
            "messaging_product": "whatsapp",
            "metadata": {
              "display_phone_number": "15550783881",
              "phone_number_id": "106540352242922"
            },
            "contacts": [
              {
                "profile": {
                  "name": "Sheena Nelson"
                },
                "wa_id": "16505551234"
              }
            ],
            "messages": [
              {
                "context": {
                  "from": "15550783881",
                  "id": "wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA="
                },
                "from": "16505551234",
                "id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=",
                "timestamp": "1739321024",
                "type": "interactive",
                "interactive": ${reply}
              }
            ]
          },
          "field": "messages"
        }
      ]
    }
  ]
}`;
}

/** The wamid of our message in the status examples (the reference pages' example WhatsApp message id). */
export const STATUS_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=';

/**
 * Status messages webhook reference (…/webhooks/reference/messages/status),
 * filled with the reference pages' example values (the optional
 * `conversation` and `pricing` objects left out); `failed` carries an
 * `errors` entry as the syntax shows it, with code 131026 and its title from
 * Meta's Cloud API error-codes reference.
 */
export function statusPayload(status: 'sent' | 'delivered' | 'read' | 'failed'): string {
  const errors =
    status === 'failed'
      ? `,
                "errors": [
                  {
                    "code": 131026,
                    "title": "Message undeliverable",
                    "message": "Message undeliverable",
                    "error_data": {
                      "details": "Message Undeliverable."
                    },
                    "href": "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/"
                  }
                ]`
      : '';
  return `{
  "object": "whatsapp_business_account",
  "entry": [
    {
      "id": "102290129340398",
      "changes": [
        {
          "value": {
            "messaging_product": "whatsapp",
            "metadata": {
              "display_phone_number": "15550783881",
              "phone_number_id": "106540352242922"
            },
            "statuses": [
              {
                "id": "${STATUS_WAMID}",
                "status": "${status}",
                "timestamp": "1739321024",
                "recipient_id": "16505551234"${errors}
              }
            ]
          },
          "field": "messages"
        }
      ]
    }
  ]
}`;
}

/**
 * A batch as Meta sends it under load (several entries, several changes each):
 * built from the payloads above, their `entry` arrays joined and a second
 * change of statuses added to one entry, as the Graph API webhooks page
 * documents batching (up to 1 000 updates per POST).
 */
export function batchPayload(): string {
  const entries = [TEXT_QUOTING_MESSAGE, statusPayload('delivered'), LIST_REPLY_MESSAGE].map((p) => (JSON.parse(p) as { entry: unknown[] }).entry[0]) as Array<{
    changes: unknown[];
  }>;
  entries[1].changes.push((JSON.parse(statusPayload('read')) as { entry: Array<{ changes: unknown[] }> }).entry[0].changes[0]);
  return JSON.stringify({ object: 'whatsapp_business_account', entry: entries }, null, 2);
}
