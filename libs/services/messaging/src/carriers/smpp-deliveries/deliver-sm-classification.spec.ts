import { encodeUcs2, MessageState } from '@mp/smpp';
import { classifyDeliverSm } from './deliver-sm-classification';
import { deliverSm, moSm, receiptSm } from './testing/deliver-sm';

describe('classifying a deliver_sm', () => {
  it('reads a text receipt (esm_class 0x04): id, stat and err', () => {
    expect(classifyDeliverSm(receiptSm('0A1B2C', 'UNDELIV', { err: '011' }))).toEqual({ kind: 'receipt', receiptedId: '0A1B2C', stat: 'UNDELIV', err: '011', networkError: undefined });
  });

  it('takes receipted_message_id and message_state over the text, and the text err when there is one', () => {
    const pdu = receiptSm('ignored', 'ENROUTE', { tlvs: { receiptedMessageId: 'abc123', messageState: MessageState.DELIVERED } });
    expect(classifyDeliverSm(pdu)).toEqual({ kind: 'receipt', receiptedId: 'abc123', stat: 'DELIVRD', err: '000', networkError: undefined });
  });

  it('reads a TLV-only receipt (no text), network_error_code as its err', () => {
    const pdu = deliverSm({
      esmClass: 0x04,
      shortMessage: Buffer.alloc(0),
      tlvs: { receiptedMessageId: 'ff01', messageState: MessageState.UNDELIVERABLE, networkErrorCode: { networkType: 3, errorCode: 1 } },
    });
    expect(classifyDeliverSm(pdu)).toEqual({ kind: 'receipt', receiptedId: 'ff01', stat: 'UNDELIV', err: '3:1', networkError: '3:1' });
  });

  it('takes a receipted_message_id without the receipt flag as a receipt', () => {
    const pdu = deliverSm({ esmClass: 0, shortMessage: Buffer.from('stat:DELIVRD'), tlvs: { receiptedMessageId: '77' } });
    expect(classifyDeliverSm(pdu)).toMatchObject({ kind: 'receipt', receiptedId: '77', stat: 'DELIVRD' });
  });

  it('reads a UCS-2 receipt text', () => {
    const pdu = deliverSm({ esmClass: 0x04, dataCoding: 0x08, shortMessage: Buffer.from(encodeUcs2('id:9 stat:DELIVRD err:000')) });
    expect(classifyDeliverSm(pdu)).toMatchObject({ kind: 'receipt', receiptedId: '9', stat: 'DELIVRD' });
  });

  it.each([
    ['garbage text', receiptSm('x', 'x', { text: 'this is not a receipt' })],
    ['an id and no stat', receiptSm('x', 'x', { text: 'id:123 err:000' })],
    ['an empty receipt', deliverSm({ esmClass: 0x04, shortMessage: Buffer.alloc(0) })],
  ])('calls a receipt with %s unparseable, with the reason', (_name, pdu) => {
    const found = classifyDeliverSm(pdu);
    expect(found.kind).toBe('unparseable');
    expect((found as { reason: string }).reason).not.toBe('');
  });

  it('takes anything else as inbound, with its concatenation from the UDH', () => {
    expect(classifyDeliverSm(moSm('STOP'))).toEqual({ kind: 'inbound', concatenation: undefined, text: Buffer.from('STOP') });
    expect(classifyDeliverSm(moSm('part two', { ref: 7, total: 3, seq: 2 }))).toMatchObject({ kind: 'inbound', concatenation: { reference: 7, total: 3, seq: 2 } });
  });

  it('reads SAR TLVs as the concatenation', () => {
    const pdu = deliverSm({ shortMessage: Buffer.from('abc'), tlvs: { sarMsgRefNum: 300, sarTotalSegments: 2, sarSegmentSeqnum: 1 } });
    expect(classifyDeliverSm(pdu)).toMatchObject({ kind: 'inbound', concatenation: { reference: 300, total: 2, seq: 1 } });
  });

  it('calls an inbound message whose UDH runs past its end unparseable', () => {
    expect(classifyDeliverSm(deliverSm({ esmClass: 0x40, shortMessage: Buffer.from([0x09, 0x00, 0x03]) }))).toMatchObject({ kind: 'unparseable' });
  });
});
