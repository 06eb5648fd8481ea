import { segmentText } from '@mp/smpp';
import type { CarrierSubmission } from '../carrier.port';
import { prepareSubmission } from './submission-parts';
import { smppConnection } from './testing/smpp-connection';

const submission = (body: string, from = '+15550000001'): CarrierSubmission => ({ reference: 'm-1:1', accountId: 'a-1', channel: 'Sms', from, to: '+447700900123', body });

describe('prepareSubmission', () => {
  const bodies = {
    'GSM single': 'Hello @ _ $ € [ ]',
    'GSM 3 segments': 'x'.repeat(153 * 2 + 10),
    'GSM, an escape pair at a boundary': `${'a'.repeat(152)}€${'b'.repeat(160)}`,
    'UCS-2 single': 'Привет 😀',
    'UCS-2 3 segments': '😀'.repeat(67),
  };

  it.each(Object.entries(bodies))('%s: as many submit_sm as segmentText counts (what the API billed), with udh and sar', (_, body) => {
    for (const longMessages of ['udh', 'sar'] as const) {
      const prepared = prepareSubmission(smppConnection(1, { longMessages }), submission(body), 7);
      expect(prepared.parts).toHaveLength(segmentText(body).segments.length);
      expect(prepared.segmentCount).toBe(segmentText(body).segments.length);
      expect(prepared.parts.every((p) => p.segments === 1)).toBe(true);
    }
  });

  it('payload: one submit_sm carrying every segment, paced as that many', () => {
    const prepared = prepareSubmission(smppConnection(1, { longMessages: 'payload' }), submission(bodies['GSM 3 segments']), 7);
    expect(prepared.segmentCount).toBe(3);
    expect(prepared.parts).toHaveLength(1);
    expect(prepared.parts[0].segments).toBe(3);
    expect(prepared.parts[0].fields.shortMessage).toHaveLength(0);
    expect(prepared.parts[0].fields.tlvs?.messagePayload).toHaveLength(316);
  });

  it('asks for a receipt on every part, sets data_coding explicitly, and takes TON/NPI from the connection', () => {
    const gsm = prepareSubmission(smppConnection(1, { destTon: 2, destNpi: 9 }), submission(bodies['GSM 3 segments']), 7).parts;
    expect(gsm.map((p) => [p.fields.registeredDelivery, p.fields.dataCoding, p.fields.destAddrTon, p.fields.destAddrNpi])).toEqual(Array(3).fill([1, 0x00, 2, 9]));
    expect(gsm[0].fields).toMatchObject({ sourceAddr: '15550000001', sourceAddrTon: 1, sourceAddrNpi: 1, destinationAddr: '447700900123', esmClass: 0x40 });
    const ucs2 = prepareSubmission(smppConnection(1), submission(bodies['UCS-2 single']), 7).parts;
    expect(ucs2.map((p) => [p.fields.dataCoding, p.fields.esmClass])).toEqual([[0x08, 0]]);
  });

  it('an alphanumeric sender goes as it is with TON 5 / NPI 0 unless the connection sets the source', () => {
    expect(prepareSubmission(smppConnection(1), submission('hi', 'ACME'), 1).parts[0].fields).toMatchObject({ sourceAddr: 'ACME', sourceAddrTon: 5, sourceAddrNpi: 0 });
    expect(prepareSubmission(smppConnection(1, { sourceTon: 3, sourceNpi: 0 }), submission('hi', 'ACME'), 1).parts[0].fields).toMatchObject({ sourceAddrTon: 3, sourceAddrNpi: 0 });
  });

  it('refuses a body no concatenation can carry (more than 255 segments)', () => {
    expect(() => prepareSubmission(smppConnection(1), submission('x'.repeat(153 * 256)), 1)).toThrow(/255/);
  });
});
