// Issue 28 point 3: the texts of the byte-for-byte specs and, written out by hand (not by the code under
// test), the octets each must become on the wire.

/** GSM 03.38: @ 0x00, _ 0x11, $ 0x02; € [ ] from the extension table as ESC (0x1B) + 0x65 / 0x3C / 0x3E. */
export const GSM_SHORT = { body: 'Hi @ _ $ € [ ]', hex: '486920002011200220' + '1b6520' + '1b3c20' + '1b3e' };

/** UCS-2 big-endian, the emoji as its surrogate pair D83D DE00. */
export const UCS2_SHORT = { body: 'Hi 😀', hex: '004800690020d83dde00' };

/** 309 septets: 153 + 153 + 3 (the € escape pair included), so 3 segments. */
export const GSM_LONG = { body: `${'A'.repeat(153)}${'B'.repeat(153)}C€`, segments: ['41'.repeat(153), '42'.repeat(153), '431b65'] };

/** 136 UTF-16 code units: 67 + 67 + the emoji's 2, so 3 segments. */
export const UCS2_LONG = { body: `${'Ж'.repeat(67)}${'Я'.repeat(67)}😀`, segments: ['0416'.repeat(67), '042f'.repeat(67), 'd83dde00'] };

/** The UDH of part `seq` of 3 with the 8-bit reference `ref`: IEI 00, length 03, ref, total, seq. */
export const udh = (ref: number, seq: number) => `050003${ref.toString(16).padStart(2, '0')}03${seq.toString(16).padStart(2, '0')}`;
