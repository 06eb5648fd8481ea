// SMPP 3.4 (issue 28 points 2, 3, 9): our own PDU codec, stream framer, short-message
// encodings, long-message splitting and receipt-text parsing, for the client
// (messaging's carrier adapter) and the server (the carrier simulator's SMSC) alike.
export { CommandId, commandNameOf, isResponseId, responseOf, type CommandName } from './pdu/command-id';
export { CommandStatus, commandStatusName, type CommandStatusName } from './pdu/command-status';
export type { BindFields, DataSmFields, MessageIdFields, Pdu, PduOf, ShortMessageFields, SystemIdFields } from './pdu/pdu-types';
export { TLV_DEFINITIONS, type KnownTlvs, type NetworkErrorCode, type RawTlv, type TlvName, type Tlvs } from './pdu/tlv-definitions';
export { decodePdu, encodePdu, HEADER_LENGTH, type DecodeResult } from './pdu/pdu-codec';
export { BIND_FIELD_OCTETS, MAX_SHORT_MESSAGE } from './pdu/body-layouts';
export { errorResponseTo } from './pdu/error-response';
export { SmppDecodeError, SmppEncodeError, SmppFramingError, SmppProtocolError } from './pdu/smpp-errors';
export { DEFAULT_MAX_COMMAND_LENGTH, PduFramer, type FramedItem } from './framing/pdu-framer';
export { GSM7_DEFAULT_ALPHABET, GSM7_EXTENSION_TABLE, gsm7Septets } from './text/gsm7-alphabet';
export { decodeGsm7, encodeGsm7 } from './text/gsm7';
export { decodeUcs2, encodeUcs2 } from './text/ucs2';
export { alphabetOf, DataCoding, type ShortMessageAlphabet } from './text/data-coding';
export { decodeShortMessage, type DecodedText } from './text/decode-short-message';
export { segmentText, type SmsEncoding, type TextSegmentation } from './text/segment-text';
export { ESM_CLASS_UDHI, splitMessage, type LongMessageMethod, type MessagePart, type SplitMessage, type SplitOptions } from './split/split-message';
export { MessageState, messageStateOfStat, RECEIPT_STAT_OF_STATE } from './receipt/message-state';
export { parseReceiptText, type ReceiptDate, type ReceiptText, type ReceiptTextResult } from './receipt/parse-receipt-text';
export { readUdh, type Concatenation, type UdhResult } from './split/read-udh';
export { partOf, type PartResult } from './split/part-of';
export { SmppSession, type SessionState, type SmppSessionEvent, type SmppSessionOptions, type SubmitFields, type SubmitOptions, type SubmitResult } from './session/smpp-session';
export { BindRefused, ConnectionLost, MalformedResponse, NotBound, ResponseTimeout, type CloseReason } from './session/session-errors';
export { RequestWindow } from './session/request-window';
export { systemClock, TokenBucket, type Clock } from './session/token-bucket';
export { reconnectDelays, type ReconnectDelayOptions } from './session/reconnect-delays';
