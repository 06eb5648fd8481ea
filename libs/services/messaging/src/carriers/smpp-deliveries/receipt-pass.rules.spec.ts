import { applyReceiptsInOrder, type LedgerPart, type PassReceipt } from './receipt-pass.rules';

const part = (smscMessageId: string, reference: string, partIndex: number, partCount: number, stat: string | null = null): LedgerPart => ({
  connection: 'smsc',
  smscMessageId,
  reference,
  partIndex,
  partCount,
  stat,
  err: null,
  networkError: null,
});
let at = 0;
const receipt = (id: string, smscMessageId: string, stat: string, err: string | null = null, networkError: string | null = null): PassReceipt => ({
  id,
  connection: 'smsc',
  smscMessageId,
  stat,
  err,
  networkError,
  receivedAt: new Date(Date.UTC(2026, 10, 28, 6, 0, at++)),
});

describe("a pass's receipts applied one by one in id order", () => {
  it('in id order as numbers, not as text: receipt 10 comes after receipt 9 (the first final stat stands)', () => {
    const { changedParts } = applyReceiptsInOrder([part('A', 'm:1', 0, 1)], [receipt('10', 'A', 'DELIVRD'), receipt('9', 'A', 'UNDELIV')]);
    expect(changedParts).toMatchObject([{ smscMessageId: 'A', stat: 'UNDELIV' }]);
  });

  it("keep the first final stat, with the err and network error of the receipt that set it, and leave an unchanged part out", () => {
    const { changedParts } = applyReceiptsInOrder(
      [part('A', 'm:1', 0, 2), part('B', 'm:1', 1, 2, 'DELIVRD')],
      [receipt('1', 'A', 'UNDELIV', '0x0b', '3:27'), receipt('2', 'A', 'DELIVRD', '000'), receipt('3', 'B', 'EXPIRED')],
    );
    expect(changedParts).toEqual([{ ...part('A', 'm:1', 0, 2), stat: 'UNDELIV', err: '0x0b', networkError: '3:27' }]);
  });

  it('decide a message at the receipt that decided it, and not again for a later one', () => {
    const deciding = receipt('2', 'B', 'EXPIRED', null, '3:1');
    const { outcomes } = applyReceiptsInOrder(
      [part('A', 'm:1', 0, 2), part('B', 'm:1', 1, 2), part('C', 'n:1', 0, 1)],
      [receipt('1', 'A', 'DELIVRD'), deciding, receipt('3', 'C', 'ENROUTE'), receipt('4', 'A', 'UNDELIV')],
    );
    expect(outcomes).toEqual([{ reference: 'm:1', connection: 'smsc', status: 'undelivered', errorCode: '30005', carrierMessageId: 'A', occurredAt: deciding.receivedAt }]);
  });

  it('decide delivered only once the last part is DELIVRD, whatever order the parts came in', () => {
    const last = receipt('3', 'A', 'DELIVRD');
    const { outcomes } = applyReceiptsInOrder([part('A', 'm:1', 0, 2), part('B', 'm:1', 1, 2)], [receipt('1', 'A', 'ENROUTE'), receipt('2', 'B', 'DELIVRD'), last]);
    expect(outcomes).toEqual([{ reference: 'm:1', connection: 'smsc', status: 'delivered', errorCode: null, carrierMessageId: 'A', occurredAt: last.receivedAt }]);
  });
});
