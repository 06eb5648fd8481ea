import type { Tlvs } from './tlv-definitions';

interface Header {
  sequenceNumber: number;
  /** ESME_ROK (0) in requests; the outcome in responses. */
  commandStatus: number;
  /** Optional parameters; absent when the PDU carries none. */
  tlvs?: Tlvs;
}

export interface BindFields {
  systemId: string;
  password: string;
  systemType: string;
  /** 0x34 for SMPP 3.4. */
  interfaceVersion: number;
  addrTon: number;
  addrNpi: number;
  addressRange: string;
}

export interface SystemIdFields {
  /** Empty (and no body on the wire) in a refused bind's response. */
  systemId: string;
}

export interface MessageIdFields {
  /** Empty (and no body on the wire) in a refused submit's response. */
  messageId: string;
}

/** submit_sm and deliver_sm share one layout (SMPP 3.4 §4.4.1, §4.6.1). */
export interface ShortMessageFields {
  serviceType: string;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  sourceAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  destinationAddr: string;
  esmClass: number;
  protocolId: number;
  priorityFlag: number;
  /** Empty, or 16 characters in SMPP time format. */
  scheduleDeliveryTime: string;
  validityPeriod: string;
  registeredDelivery: number;
  replaceIfPresentFlag: number;
  dataCoding: number;
  smDefaultMsgId: number;
  /** Up to 254 octets; sm_length is its length. */
  shortMessage: Buffer;
}

export interface DataSmFields {
  serviceType: string;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  sourceAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  destinationAddr: string;
  esmClass: number;
  registeredDelivery: number;
  dataCoding: number;
}

type P<C extends string, F = unknown> = { command: C } & Header & F;

export type Pdu =
  | P<'generic_nack'>
  | P<'bind_receiver', BindFields>
  | P<'bind_receiver_resp', SystemIdFields>
  | P<'bind_transmitter', BindFields>
  | P<'bind_transmitter_resp', SystemIdFields>
  | P<'bind_transceiver', BindFields>
  | P<'bind_transceiver_resp', SystemIdFields>
  | P<'submit_sm', ShortMessageFields>
  | P<'submit_sm_resp', MessageIdFields>
  | P<'deliver_sm', ShortMessageFields>
  | P<'deliver_sm_resp', MessageIdFields>
  | P<'unbind'>
  | P<'unbind_resp'>
  | P<'enquire_link'>
  | P<'enquire_link_resp'>
  | P<'data_sm', DataSmFields>
  | P<'data_sm_resp', MessageIdFields>;

export type PduOf<C extends Pdu['command']> = Extract<Pdu, { command: C }>;
