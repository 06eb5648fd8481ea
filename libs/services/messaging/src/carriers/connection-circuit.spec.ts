import { ConnectionCircuit } from './connection-circuit';

describe('ConnectionCircuit', () => {
  let now = 0;
  const circuit = () => new ConnectionCircuit({ failures: 3, pauseMs: 1000 }, () => now);
  beforeEach(() => (now = 0));

  it('opens on the third transient answer in a row, not on three with an answer between them', () => {
    const c = circuit();
    expect([c.failed(), c.failed()]).toEqual([false, false]);
    c.answered();
    expect([c.failed(), c.failed()]).toEqual([false, false]);
    expect(c.state).toBe('closed');
    expect(c.failed()).toBe(true); // the one that opened it
    expect(c.state).toBe('open');
    expect(c.tryAcquire()).toBe(false);
  });

  it('lets exactly one trial through once the pause is over; its answer closes it, its failure opens it for another pause', () => {
    const c = circuit();
    for (let i = 0; i < 3; i++) c.failed();
    now = 999;
    expect(c.tryAcquire()).toBe(false);
    now = 1000;
    expect(c.state).toBe('half-open');
    expect([c.tryAcquire(), c.tryAcquire(), c.tryAcquire()]).toEqual([true, false, false]); // one at a time
    expect(c.failed()).toBe(false); // a failed trial is not a new opening
    expect(c.state).toBe('open');
    now = 1999;
    expect(c.tryAcquire()).toBe(false);
    now = 2000;
    expect(c.tryAcquire()).toBe(true);
    c.answered();
    expect(c.state).toBe('closed');
    expect([c.tryAcquire(), c.tryAcquire()]).toEqual([true, true]);
  });
});
