import { messageOutcome, nextPartStat, type PartStatus } from './message-outcome.rules';
import { errorCodeOfStat, verdictOfStat } from './receipt-stat.rules';

const parts = (...stats: Array<string | undefined>): PartStatus[] => stats.map((stat, partIndex) => ({ partIndex, partCount: stats.length, stat, err: stat ? '000' : undefined }));

describe('a message outcome from its parts', () => {
  it('is delivered only when every part is DELIVRD', () => {
    expect(messageOutcome(parts('DELIVRD', 'DELIVRD', 'DELIVRD'))).toEqual({ status: 'delivered' });
    expect(messageOutcome(parts('DELIVRD', undefined, 'DELIVRD'))).toBeUndefined();
    expect(messageOutcome(parts('DELIVRD', 'ENROUTE', 'DELIVRD'))).toBeUndefined();
  });

  it('is undecided while a part is missing from the ledger', () => {
    expect(messageOutcome([{ partIndex: 0, partCount: 2, stat: 'DELIVRD', err: undefined }])).toBeUndefined();
  });

  it.each(['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN'])('is undelivered as soon as any part is %s, with that stat and err', (stat) => {
    const outcome = messageOutcome([
      { partIndex: 0, partCount: 3, stat: 'DELIVRD', err: '000' },
      { partIndex: 1, partCount: 3, stat, err: '0x0b' },
    ]);
    expect(outcome).toEqual({ status: 'undelivered', errorCode: errorCodeOfStat(stat), stat, err: '0x0b', partIndex: 1 });
  });

  it('records ACCEPTD and ENROUTE but decides nothing with them', () => {
    expect(verdictOfStat('ACCEPTD')).toBe('interim');
    expect(verdictOfStat('enroute')).toBe('interim');
    expect(messageOutcome(parts('ACCEPTD'))).toBeUndefined();
  });

  it('maps final stats onto the carrier error codes', () => {
    expect(['EXPIRED', 'REJECTD', 'UNDELIV', 'DELETED', 'UNKNOWN'].map(errorCodeOfStat)).toEqual(['30003', '30007', '30008', '30008', '30008']);
  });

  it('never lets a late interim or a second final stat replace the first final one', () => {
    expect(nextPartStat(undefined, 'enroute')).toBe('ENROUTE');
    expect(nextPartStat('ENROUTE', 'DELIVRD')).toBe('DELIVRD');
    expect(nextPartStat('DELIVRD', 'ENROUTE')).toBe('DELIVRD');
    expect(nextPartStat('UNDELIV', 'DELIVRD')).toBe('UNDELIV');
  });
});
