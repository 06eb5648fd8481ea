// SMPP 3.4 §5.1.2.1 command_id values. A response is its request's id with bit 31 set.
export const CommandId = {
  generic_nack: 0x80000000,
  bind_receiver: 0x00000001,
  bind_receiver_resp: 0x80000001,
  bind_transmitter: 0x00000002,
  bind_transmitter_resp: 0x80000002,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  unbind: 0x00000006,
  unbind_resp: 0x80000006,
  bind_transceiver: 0x00000009,
  bind_transceiver_resp: 0x80000009,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
  data_sm: 0x00000103,
  data_sm_resp: 0x80000103,
} as const;

export type CommandName = keyof typeof CommandId;

const NAME_BY_ID = new Map<number, CommandName>(Object.entries(CommandId).map(([name, id]) => [id, name as CommandName]));

/** The command this codec knows for an id, or undefined (answered with generic_nack ESME_RINVCMDID). */
export function commandNameOf(commandId: number): CommandName | undefined {
  return NAME_BY_ID.get(commandId);
}

export const RESPONSE_BIT = 0x80000000;

export function isResponseId(commandId: number): boolean {
  return (commandId & RESPONSE_BIT) !== 0;
}

/** The response command for a request (`submit_sm` → `submit_sm_resp`), undefined for a response or generic_nack. */
export function responseOf(command: CommandName): CommandName | undefined {
  if (isResponseId(CommandId[command])) return undefined;
  return commandNameOf((CommandId[command] | RESPONSE_BIT) >>> 0);
}
