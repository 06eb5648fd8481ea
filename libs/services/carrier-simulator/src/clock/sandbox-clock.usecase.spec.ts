import { SandboxClock, SystemClock } from '@mp/clock';
import { DomainError } from '@mp/problems';
import { advanceSandboxClock } from './sandbox-clock.usecase';

describe('advanceSandboxClock', () => {
  it('advances a sandbox clock by fractional seconds too', () => {
    const clock = new SandboxClock();
    const before = clock.now().getTime();
    const after = advanceSandboxClock(clock, 1.5).getTime();
    expect(after - before).toBeGreaterThanOrEqual(1500);
  });

  it('refuses with INVALID_OPERATION when the clock is not the sandbox clock', () => {
    const attempt = () => advanceSandboxClock(new SystemClock(), 10);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'INVALID_OPERATION', status: 422 }));
  });

  it('validates before it looks at the clock', () => {
    expect(() => advanceSandboxClock(new SystemClock(), 0)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});
