import { CommandStatus, commandStatusName } from './command-status';

describe('command_status', () => {
  it.each([
    ['ESME_ROK', 0x00],
    ['ESME_RINVCMDLEN', 0x02],
    ['ESME_RINVCMDID', 0x03],
    ['ESME_RINVBNDSTS', 0x04],
    ['ESME_RSYSERR', 0x08],
    ['ESME_RINVSRCADR', 0x0a],
    ['ESME_RINVDSTADR', 0x0b],
    ['ESME_RBINDFAIL', 0x0d],
    ['ESME_RINVPASWD', 0x0e],
    ['ESME_RINVSYSID', 0x0f],
    ['ESME_RMSGQFUL', 0x14],
    ['ESME_RSUBMITFAIL', 0x45],
    ['ESME_RTHROTTLED', 0x58],
  ] as const)('%s is %i by SMPP 3.4 table 5-2, and named back', (name, code) => {
    expect(CommandStatus[name]).toBe(code);
    expect(commandStatusName(code)).toBe(name);
  });

  it('names a vendor-specific code by its hex', () => {
    expect(commandStatusName(0x401)).toBe('0x00000401');
  });
});
