import type { CommandName } from './command-id';

// Mandatory body fields in wire order (SMPP 3.4 §4). `max` counts the C-string's NUL.
export type FieldSpec =
  | { name: string; type: 'u8' }
  | { name: string; type: 'cString'; max: number; exact?: number }
  | { name: string; type: 'shortMessage' };

const u8 = (name: string): FieldSpec => ({ name, type: 'u8' });
const cs = (name: string, max: number): FieldSpec => ({ name, type: 'cString', max });
// schedule_delivery_time / validity_period: NULL or a 16-character time (17 with the NUL).
const time = (name: string): FieldSpec => ({ name, type: 'cString', max: 17, exact: 16 });

/** SMPP 3.4 §4.1.1: the bind's C-Octet Strings, in octets with their NUL (so 15, 8 and 12 characters). */
export const BIND_FIELD_OCTETS = { systemId: 16, password: 9, systemType: 13 } as const;

const BIND: FieldSpec[] = [
  cs('systemId', BIND_FIELD_OCTETS.systemId),
  cs('password', BIND_FIELD_OCTETS.password),
  cs('systemType', BIND_FIELD_OCTETS.systemType),
  u8('interfaceVersion'),
  u8('addrTon'),
  u8('addrNpi'),
  cs('addressRange', 41),
];

const SHORT_MESSAGE: FieldSpec[] = [
  cs('serviceType', 6),
  u8('sourceAddrTon'),
  u8('sourceAddrNpi'),
  cs('sourceAddr', 21),
  u8('destAddrTon'),
  u8('destAddrNpi'),
  cs('destinationAddr', 21),
  u8('esmClass'),
  u8('protocolId'),
  u8('priorityFlag'),
  time('scheduleDeliveryTime'),
  time('validityPeriod'),
  u8('registeredDelivery'),
  u8('replaceIfPresentFlag'),
  u8('dataCoding'),
  u8('smDefaultMsgId'),
  { name: 'shortMessage', type: 'shortMessage' },
];

const DATA_SM: FieldSpec[] = [
  cs('serviceType', 6),
  u8('sourceAddrTon'),
  u8('sourceAddrNpi'),
  cs('sourceAddr', 65),
  u8('destAddrTon'),
  u8('destAddrNpi'),
  cs('destinationAddr', 65),
  u8('esmClass'),
  u8('registeredDelivery'),
  u8('dataCoding'),
];

const SYSTEM_ID: FieldSpec[] = [cs('systemId', BIND_FIELD_OCTETS.systemId)];
const MESSAGE_ID: FieldSpec[] = [cs('messageId', 65)];

export const BODY_LAYOUTS: Record<CommandName, FieldSpec[]> = {
  generic_nack: [],
  bind_receiver: BIND,
  bind_receiver_resp: SYSTEM_ID,
  bind_transmitter: BIND,
  bind_transmitter_resp: SYSTEM_ID,
  bind_transceiver: BIND,
  bind_transceiver_resp: SYSTEM_ID,
  submit_sm: SHORT_MESSAGE,
  submit_sm_resp: MESSAGE_ID,
  deliver_sm: SHORT_MESSAGE,
  deliver_sm_resp: MESSAGE_ID,
  unbind: [],
  unbind_resp: [],
  enquire_link: [],
  enquire_link_resp: [],
  data_sm: DATA_SM,
  data_sm_resp: MESSAGE_ID,
};

/** short_message is at most 254 octets (SMPP 3.4 §5.2.22); longer text goes in message_payload. */
export const MAX_SHORT_MESSAGE = 254;

/** A response whose body is one id (system_id, message_id) may omit it when refused (SMPP 3.4 §4.1.2, §4.4.2). */
export function mayOmitBody(layout: FieldSpec[]): boolean {
  return layout.length === 1 && layout[0].type === 'cString';
}
