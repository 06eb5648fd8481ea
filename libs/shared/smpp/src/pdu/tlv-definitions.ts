// SMPP 3.4 §5.3.2 optional parameters (table 5-4) by name. `cString` values carry
// their NUL on the wire; `max` counts it. Tags not listed here stay raw bytes.
export type TlvKind =
  | { type: 'u8' }
  | { type: 'u16' }
  | { type: 'u32' }
  | { type: 'cString'; max: number }
  | { type: 'octets'; max?: number }
  | { type: 'networkErrorCode' }
  | { type: 'empty' };

export interface TlvDefinition {
  tag: number;
  kind: TlvKind;
}

const u8 = { type: 'u8' } as const;
const u16 = { type: 'u16' } as const;
const u32 = { type: 'u32' } as const;
const octets = { type: 'octets' } as const;

export const TLV_DEFINITIONS = {
  destAddrSubunit: { tag: 0x0005, kind: u8 },
  destNetworkType: { tag: 0x0006, kind: u8 },
  destBearerType: { tag: 0x0007, kind: u8 },
  destTelematicsId: { tag: 0x0008, kind: u16 },
  sourceAddrSubunit: { tag: 0x000d, kind: u8 },
  sourceNetworkType: { tag: 0x000e, kind: u8 },
  sourceBearerType: { tag: 0x000f, kind: u8 },
  sourceTelematicsId: { tag: 0x0010, kind: u8 },
  qosTimeToLive: { tag: 0x0017, kind: u32 },
  payloadType: { tag: 0x0019, kind: u8 },
  additionalStatusInfoText: { tag: 0x001d, kind: { type: 'cString', max: 256 } },
  receiptedMessageId: { tag: 0x001e, kind: { type: 'cString', max: 65 } },
  msMsgWaitFacilities: { tag: 0x0030, kind: u8 },
  privacyIndicator: { tag: 0x0201, kind: u8 },
  sourceSubaddress: { tag: 0x0202, kind: { type: 'octets', max: 23 } },
  destSubaddress: { tag: 0x0203, kind: { type: 'octets', max: 23 } },
  userMessageReference: { tag: 0x0204, kind: u16 },
  userResponseCode: { tag: 0x0205, kind: u8 },
  sourcePort: { tag: 0x020a, kind: u16 },
  destinationPort: { tag: 0x020b, kind: u16 },
  sarMsgRefNum: { tag: 0x020c, kind: u16 },
  languageIndicator: { tag: 0x020d, kind: u8 },
  sarTotalSegments: { tag: 0x020e, kind: u8 },
  sarSegmentSeqnum: { tag: 0x020f, kind: u8 },
  scInterfaceVersion: { tag: 0x0210, kind: u8 },
  callbackNumPresInd: { tag: 0x0302, kind: u8 },
  callbackNumAtag: { tag: 0x0303, kind: { type: 'octets', max: 65 } },
  numberOfMessages: { tag: 0x0304, kind: u8 },
  callbackNum: { tag: 0x0381, kind: { type: 'octets', max: 19 } },
  dpfResult: { tag: 0x0420, kind: u8 },
  setDpf: { tag: 0x0421, kind: u8 },
  msAvailabilityStatus: { tag: 0x0422, kind: u8 },
  networkErrorCode: { tag: 0x0423, kind: { type: 'networkErrorCode' } },
  messagePayload: { tag: 0x0424, kind: octets },
  deliveryFailureReason: { tag: 0x0425, kind: u8 },
  moreMessagesToSend: { tag: 0x0426, kind: u8 },
  messageState: { tag: 0x0427, kind: u8 },
  ussdServiceOp: { tag: 0x0501, kind: u8 },
  displayTime: { tag: 0x1201, kind: u8 },
  smsSignal: { tag: 0x1203, kind: u16 },
  msValidity: { tag: 0x1204, kind: u8 },
  alertOnMessageDelivery: { tag: 0x130c, kind: { type: 'empty' } },
  itsReplyType: { tag: 0x1380, kind: u8 },
  itsSessionInfo: { tag: 0x1383, kind: { type: 'octets', max: 2 } },
} as const satisfies Record<string, TlvDefinition>;

export type TlvName = keyof typeof TLV_DEFINITIONS;

/** network_error_code: network type (1 ANSI-136, 2 IS-95, 3 GSM, ...) and that network's error code. */
export interface NetworkErrorCode {
  networkType: number;
  errorCode: number;
}

type ValueOf<K extends TlvKind> = K extends { type: 'u8' | 'u16' | 'u32' }
  ? number
  : K extends { type: 'cString' }
    ? string
    : K extends { type: 'octets' }
      ? Buffer
      : K extends { type: 'networkErrorCode' }
        ? NetworkErrorCode
        : K extends { type: 'empty' }
          ? true
          : never;

export type KnownTlvs = { [N in TlvName]?: ValueOf<(typeof TLV_DEFINITIONS)[N]['kind']> };

/** A TLV this codec has no name for: kept as it came and re-encoded unchanged. */
export interface RawTlv {
  tag: number;
  value: Buffer;
}

export type Tlvs = KnownTlvs & { unknown?: RawTlv[] };
