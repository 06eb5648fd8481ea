import { CommandStatus, decodeGsm7, decodeUcs2, readUdh } from '@mp/smpp';
import { mobileOriginatedPdus } from './mobile-originated';
import { startSandboxSmsc, type SandboxSmscHarness } from './testing/sandbox-smsc.harness';

// Issue 28 point 7: a recipient's message as the SMSC delivers it (deliver_sm, esm_class 0, no receipt flag).

describe('mobileOriginatedPdus', () => {
  it('a short GSM text: one deliver_sm, data_coding 0x00, E.164 addresses as TON 1 / NPI 1', () => {
    const [pdu, ...rest] = mobileOriginatedPdus({ from: '+15557000001', to: '+15550007000', body: 'STOP' });
    expect(rest).toEqual([]);
    expect(pdu).toMatchObject({
      command: 'deliver_sm',
      esmClass: 0,
      registeredDelivery: 0,
      dataCoding: 0x00,
      sourceAddrTon: 1,
      sourceAddrNpi: 1,
      sourceAddr: '15557000001',
      destAddrTon: 1,
      destAddrNpi: 1,
      destinationAddr: '15550007000',
      shortMessage: Buffer.from('STOP'),
    });
    expect(pdu.tlvs).toBeUndefined();
  });

  it('UCS-2 when the text needs it, and an alphanumeric destination as TON 5 / NPI 0', () => {
    const [pdu] = mobileOriginatedPdus({ from: '+15557000001', to: 'ACME', body: 'Merci 😀' });
    expect(pdu).toMatchObject({ dataCoding: 0x08, destAddrTon: 5, destAddrNpi: 0, destinationAddr: 'ACME' });
    expect(decodeUcs2(pdu.shortMessage)).toBe('Merci 😀');
  });

  it('a long text in UDH parts (8-bit reference, esm_class UDHI) that read back as the text', () => {
    const body = 'ab€'.repeat(60); // 240 septets: two parts
    const pdus = mobileOriginatedPdus({ from: '+15557000001', to: '+15550007000', body, reference: 0x51 });
    expect(pdus.map((p) => p.esmClass)).toEqual([0x40, 0x40]);
    const parts = pdus.map((p) => readUdh(p.shortMessage));
    expect(parts.map((p) => p.ok && p.concatenation)).toEqual([
      { reference: 0x51, total: 2, seq: 1 },
      { reference: 0x51, total: 2, seq: 2 },
    ]);
    expect(parts.map((p) => (p.ok ? decodeGsm7(p.text) : '')).join('')).toBe(body);
  });
});

describe('SandboxSmsc.deliverMobileOriginated', () => {
  let h: SandboxSmscHarness;
  beforeAll(async () => {
    h = await startSandboxSmsc();
  });
  afterAll(() => h.close());

  it('says so when no session is bound to receive', async () => {
    expect(await h.smsc.deliverMobileOriginated({ from: '+15557000001', to: '+15550007000', body: 'Hi' })).toEqual({
      delivered: false,
      reason: 'no session of sandbox is bound to receive',
    });
  });

  it('delivers each part to a bound session, and reports a refusal', async () => {
    let refuse = false;
    const esme = await h.bind({ answer: () => (refuse ? CommandStatus.ESME_RX_T_APPN : undefined) });
    expect(await h.smsc.deliverMobileOriginated({ from: '+15557000001', to: '+15550007000', body: 'x'.repeat(200) })).toEqual({ delivered: true, parts: 2 });
    expect(esme.delivered.map((d) => [d.esmClass, d.dataCoding])).toEqual([
      [0x40, 0],
      [0x40, 0],
    ]);
    expect(await h.smsc.deliverMobileOriginated({ from: '+15557000001', to: 'x'.repeat(30), body: 'Hi' })).toMatchObject({ delivered: false, reason: expect.stringContaining('destinationAddr') });
    refuse = true;
    expect(await h.smsc.deliverMobileOriginated({ from: '+15557000001', to: '+15550007000', body: 'START' })).toEqual({
      delivered: false,
      reason: 'deliver_sm answered ESME_RX_T_APPN',
    });
    await esme.session.unbind();
  });
});
