import { messageOutcome, nextPartStat, type PartStatus } from './message-outcome.rules';
import { errorCodeOfReceipt, verdictOfStat } from './receipt-stat.rules';

const parts = (...stats: Array<string | undefined>): PartStatus[] => stats.map((stat, partIndex) => ({ partIndex, partCount: stats.length, stat }));

describe('a message outcome from its parts', () => {
  it('is delivered only when every part is DELIVRD', () => {
    expect(messageOutcome(parts('DELIVRD', 'DELIVRD', 'DELIVRD'))).toEqual({ status: 'delivered' });
    expect(messageOutcome(parts('DELIVRD', undefined, 'DELIVRD'))).toBeUndefined();
    expect(messageOutcome(parts('DELIVRD', 'ENROUTE', 'DELIVRD'))).toBeUndefined();
  });

  it('is undecided while a part is missing from the ledger', () => {
    expect(messageOutcome([{ partIndex: 0, partCount: 2, stat: 'DELIVRD' }])).toBeUndefined();
  });

  it.each(['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN'])('is undelivered as soon as any part is %s, with that stat and err', (stat) => {
    const outcome = messageOutcome([
      { partIndex: 0, partCount: 3, stat: 'DELIVRD' },
      { partIndex: 1, partCount: 3, stat },
    ]);
    expect(outcome).toEqual({ status: 'undelivered', errorCode: errorCodeOfReceipt(stat), stat, partIndex: 1 });
  });

  it('records ACCEPTD and ENROUTE but decides nothing with them', () => {
    expect(verdictOfStat('ACCEPTD')).toBe('interim');
    expect(verdictOfStat('enroute')).toBe('interim');
    expect(messageOutcome(parts('ACCEPTD'))).toBeUndefined();
  });

  it('maps final stats onto the carrier error codes', () => {
    expect(['EXPIRED', 'REJECTD', 'UNDELIV', 'DELETED', 'UNKNOWN'].map((stat) => errorCodeOfReceipt(stat))).toEqual(['30003', '30007', '30008', '30008', '30008']);
  });

  it('lets a GSM network_error_code choose where the table knows it, the stat otherwise', () => {
    expect(errorCodeOfReceipt('UNDELIV', '3:27')).toBe('30003'); // absent subscriber
    expect(errorCodeOfReceipt('UNDELIV', '3:001')).toBe('30005'); // unknown subscriber
    expect(errorCodeOfReceipt('UNDELIV', '3:13')).toBe('30004'); // call barred
    expect(errorCodeOfReceipt('UNDELIV', '3:34')).toBe('30008'); // a MAP error outside the table
    expect(errorCodeOfReceipt('EXPIRED', '1:27')).toBe('30003'); // not GSM: the stat decides
    expect(errorCodeOfReceipt('UNDELIV', '2:27')).toBe('30008');
    const [first, second] = parts('UNDELIV', 'DELIVRD');
    expect(messageOutcome([{ ...first, networkError: '3:27' }, second])).toMatchObject({ status: 'undelivered', errorCode: '30003' });
  });

  it('never lets a late interim or a second final stat replace the first final one', () => {
    expect(nextPartStat(undefined, 'enroute')).toBe('ENROUTE');
    expect(nextPartStat('ENROUTE', 'DELIVRD')).toBe('DELIVRD');
    expect(nextPartStat('DELIVRD', 'ENROUTE')).toBe('DELIVRD');
    expect(nextPartStat('UNDELIV', 'DELIVRD')).toBe('UNDELIV');
  });
});
