import { SandboxClock, type Clock } from './index';

class FixedClock implements Clock {
  constructor(public t: number) {}
  now() {
    return new Date(this.t);
  }
}

describe('SandboxClock', () => {
  it('follows the base clock plus the advanced offset', () => {
    const base = new FixedClock(1_000_000);
    const clock = new SandboxClock(base);
    expect(clock.now().getTime()).toBe(1_000_000);
    expect(clock.advance(90).getTime()).toBe(1_090_000);
    base.t += 5;
    expect(clock.now().getTime()).toBe(1_090_005);
  });

  it('never moves backwards', () => {
    const clock = new SandboxClock(new FixedClock(1_000_000));
    clock.setAtLeast(new Date(500_000));
    expect(clock.now().getTime()).toBe(1_000_000);
    clock.setAtLeast(new Date(2_000_000));
    expect(clock.now().getTime()).toBe(2_000_000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });
});
