import { CommandStatus } from '@mp/smpp';
import { submitVerdict } from './submit-status';

describe('submitVerdict (CARRIERS.md §1.2)', () => {
  it.each([
    ['ESME_ROK', 'accepted'],
    ['ESME_RTHROTTLED', 'throttled'],
    ['ESME_RMSGQFUL', 'throttled'],
    ['ESME_RSYSERR', 'transient'],
    ['ESME_RINVBNDSTS', 'transient'],
    ['ESME_RX_T_APPN', 'transient'],
    ['ESME_RINVDSTADR', 'rejected'],
    ['ESME_RINVSRCADR', 'rejected'],
    ['ESME_RINVDSTTON', 'rejected'],
    ['ESME_RSUBMITFAIL', 'rejected'],
    ['ESME_RINVMSGLEN', 'invalid'],
    ['ESME_RINVESMCLASS', 'invalid'],
  ] as const)('%s is %s', (status, verdict) => {
    expect(submitVerdict(CommandStatus[status])).toBe(verdict);
  });

  it('a vendor or unknown status is transient, never a refusal', () => {
    expect(submitVerdict(0x401)).toBe('transient');
    expect(submitVerdict(0xdead)).toBe('transient');
  });
});
