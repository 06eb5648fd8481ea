import type { OptOut } from '../opt-outs/opt-out';

/**
 * Spec 4.7 rule 3, every opt-out placement against every sending context:
 * the sending subaccount (- = account-level, S1, S2) for each sender (none
 * chosen yet, N1 = the number that received the STOP, another number N2).
 * B = blocked, . = allowed.
 */
export const SEND_MATRIX = `
                                 from: none      N1        N2
                                 sub:  -  S1 S2  -  S1 S2  -  S1 S2
entireAccount                          B  B  B   B  B  B   B  B  B
accountLevelOnly                       B  .  .   B  .  .   B  .  .
subaccount S1                          B  B  .   B  B  .   B  B  .
subaccount S2                          B  .  B   B  .  B   B  .  B
stopReply on N1 of S1                  .  B  .   B  B  B   .  .  .
stopReply on N1 of the account         B  .  .   B  B  B   .  .  .
`;

export interface MatrixIds {
  s1: string;
  s2: string;
  n1: string;
  n2: string;
}

/** The placements named by the matrix rows, for one account and recipient. */
export function matrixPlacements(ids: MatrixIds, base: Pick<OptOut, 'accountId' | 'recipient' | 'channelType'>): Record<string, OptOut> {
  const o = (scope: OptOut['scope'], subaccountId: string | null, receivingNumber: string | null): OptOut => ({
    ...base,
    scope,
    subaccountId,
    receivingNumber,
  });
  return {
    entireAccount: o('entireAccount', null, null),
    accountLevelOnly: o('accountLevelOnly', null, null),
    'subaccount S1': o('subaccount', ids.s1, null),
    'subaccount S2': o('subaccount', ids.s2, null),
    'stopReply on N1 of S1': o('stopReply', ids.s1, ids.n1),
    'stopReply on N1 of the account': o('stopReply', null, ids.n1),
  };
}

export interface MatrixCase {
  placement: string;
  fromLabel: string;
  subLabel: string;
  fromAddress?: string;
  subaccountId?: string;
  blocked: boolean;
}

/** One case per cell of the matrix. */
export function matrixCases(ids: MatrixIds): MatrixCase[] {
  const contexts = [
    { label: 'none', value: undefined },
    { label: 'N1', value: ids.n1 },
    { label: 'N2', value: ids.n2 },
  ].flatMap((from) =>
    [
      { label: 'account-level', value: undefined },
      { label: 'S1', value: ids.s1 },
      { label: 'S2', value: ids.s2 },
    ].map((sub) => ({ from, sub })),
  );
  return SEND_MATRIX.trim()
    .split('\n')
    .slice(2)
    .flatMap((line) => {
      const grid = /(?:\s+[B.])+$/.exec(line)![0];
      const marks = grid.trim().split(/\s+/);
      if (marks.length !== contexts.length) throw new Error(`matrix row "${line}" needs ${contexts.length} cells`);
      return marks.map((mark, i) => ({
        placement: line.slice(0, line.length - grid.length).trim(),
        fromLabel: contexts[i].from.label,
        subLabel: contexts[i].sub.label,
        fromAddress: contexts[i].from.value,
        subaccountId: contexts[i].sub.value,
        blocked: mark === 'B',
      }));
    });
}
