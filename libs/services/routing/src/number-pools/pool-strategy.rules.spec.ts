import { pickFromPool, type PoolCandidate } from './pool-strategy.rules';

const numbers = (...counts: number[]): PoolCandidate[] => counts.map((useCount, i) => ({ numberId: `n${i}`, address: `+1555000000${i}`, useCount }));
const never = () => {
  throw new Error('no randomness expected');
};

describe('pickFromPool (spec 2.9)', () => {
  it('RoundRobin takes the next in order and wraps', () => {
    const pool = numbers(0, 0, 0);
    expect([0, 1, 2, 3, 4].map((rotation) => pickFromPool('RoundRobin', pool, { rotation }, never).chosen.numberId)).toEqual(['n0', 'n1', 'n2', 'n0', 'n1']);
    expect(pickFromPool('RoundRobin', pool, { rotation: 7 }, never)).toMatchObject({ rotated: true });
  });

  it('LeastUsed takes the least picked number, the first in order on a tie, and does not rotate', () => {
    expect(pickFromPool('LeastUsed', numbers(3, 1, 1), { rotation: 0 }, never)).toEqual({ chosen: expect.objectContaining({ numberId: 'n1' }), rotated: false });
    expect(pickFromPool('LeastUsed', numbers(2, 2, 0), { rotation: 5 }, never).chosen.numberId).toBe('n2');
    expect(pickFromPool('LeastUsed', numbers(4, 4, 4), { rotation: 2 }, never).chosen.numberId).toBe('n0');
  });

  it('Random takes the candidate the random source names', () => {
    expect(pickFromPool('Random', numbers(0, 0, 0), { rotation: 0 }, (n) => n - 1).chosen.numberId).toBe('n2');
    expect(pickFromPool('Random', numbers(0, 0, 0), { rotation: 0 }, () => 0)).toEqual({ chosen: expect.objectContaining({ numberId: 'n0' }), rotated: false });
  });

  it('Sticky keeps the remembered number while it is a candidate, else rotates', () => {
    expect(pickFromPool('Sticky', numbers(0, 0, 0), { rotation: 0, lastNumberId: 'n2' }, never)).toEqual({ chosen: expect.objectContaining({ numberId: 'n2' }), rotated: false });
    expect(pickFromPool('Sticky', numbers(0, 0, 0), { rotation: 4, lastNumberId: 'gone' }, never)).toEqual({ chosen: expect.objectContaining({ numberId: 'n1' }), rotated: true });
    expect(pickFromPool('Sticky', numbers(0, 0), { rotation: 0 }, never).chosen.numberId).toBe('n0');
  });

  it('needs a candidate', () => {
    expect(() => pickFromPool('RoundRobin', [], { rotation: 0 }, never)).toThrow(RangeError);
  });
});
