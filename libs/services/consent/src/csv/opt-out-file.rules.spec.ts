import { checkImportFile } from './import-file.rules';

const NOW = new Date('2026-10-18T12:00:00Z');
const optOuts = (lines: string[]) => checkImportFile(Buffer.from(`recipient,channel,reason\r\n${lines.join('\r\n')}\r\n`), 'opt-outs', NOW);

describe('opt-out file rows (spec 4.7 rule 5)', () => {
  it('reads recipient and channel canonically: channel in any case, e-mail in lower case, cells trimmed', () => {
    expect(optOuts([' +14155550100 ,SMS,moved away', '+447700900123,whatsapp,', ' Ann.Lee@Example.COM ,EMAIL,  spaced reason  '])).toEqual([
      { row: 1, outcome: 'valid', value: { recipient: '+14155550100', channel: 'Sms', reason: 'moved away' } },
      { row: 2, outcome: 'valid', value: { recipient: '+447700900123', channel: 'WhatsApp', reason: null } },
      { row: 3, outcome: 'valid', value: { recipient: 'ann.lee@example.com', channel: 'Email', reason: '  spaced reason  ' } },
    ]);
  });

  it("reads an exported number's protective apostrophe as the number", () => {
    expect(optOuts(["'+14155550100,Sms,\"'=cmd\""])).toEqual([{ row: 1, outcome: 'valid', value: { recipient: '+14155550100', channel: 'Sms', reason: '=cmd' } }]);
  });

  it.each([
    [',Sms,', ['recipient is required']],
    ['14155550100,Sms,', ['recipient must be an E.164 number (such as +14155550100) for Sms']],
    ['+04155550100,WhatsApp,', ['recipient must be an E.164 number (such as +14155550100) for WhatsApp']],
    ['+1 415 555 0100,Sms,', ['recipient must be an E.164 number (such as +14155550100) for Sms']],
    ['ann@example.com,Sms,', ['recipient must be an E.164 number (such as +14155550100) for Sms']],
    ['+14155550100,Email,', ['recipient must be an email address for Email']],
    ['+1415555001,Sms,', ['recipient has too few digits for its country calling code']],
    ['"user@good-corp.com(x)evil.com",Email,', ['recipient must be an email address for Email']],
    ['+14155550100,,', ['channel is required: one of Sms, WhatsApp, Email']],
    ['+14155550100,Fax,', ['channel must be one of Sms, WhatsApp, Email']],
    [`+14155550100,Sms,${'r'.repeat(501)}`, ['reason must be at most 500 characters']],
    [`,Pigeon,${'é'.repeat(501)}`, ['channel must be one of Sms, WhatsApp, Email', 'recipient is required', 'reason must be at most 500 characters']],
  ])('row %j is invalid: %j', (line, reasons) => {
    expect(optOuts([line])).toEqual([{ row: 1, outcome: 'invalid', reasons }]);
  });

  it('counts reason length in characters: 500 emoji are allowed', () => {
    expect(optOuts([`+14155550100,Sms,${'👋'.repeat(500)}`])[0].outcome).toBe('valid');
  });

  it('marks a row repeating an earlier valid recipient and channel as duplicate_in_file, naming the first', () => {
    expect(
      optOuts([
        '+14155550100,Sms,first',
        'not-a-number,Sms,',
        '+14155550100,WhatsApp,other channel',
        ' +14155550100 ,sms,again',
        'Ann@Example.com,Email,',
        'ann@example.com,EMAIL,again',
        'not-a-number,Sms,',
      ]),
    ).toEqual([
      { row: 1, outcome: 'valid', value: { recipient: '+14155550100', channel: 'Sms', reason: 'first' } },
      { row: 2, outcome: 'invalid', reasons: ['recipient must be an E.164 number (such as +14155550100) for Sms'] },
      { row: 3, outcome: 'valid', value: { recipient: '+14155550100', channel: 'WhatsApp', reason: 'other channel' } },
      { row: 4, outcome: 'duplicate_in_file', value: { recipient: '+14155550100', channel: 'Sms', reason: 'again' }, firstRow: 1 },
      { row: 5, outcome: 'valid', value: { recipient: 'ann@example.com', channel: 'Email', reason: null } },
      { row: 6, outcome: 'duplicate_in_file', value: { recipient: 'ann@example.com', channel: 'Email', reason: 'again' }, firstRow: 5 },
      // An invalid row has no key: repeating it is invalid again, not a duplicate.
      { row: 7, outcome: 'invalid', reasons: ['recipient must be an E.164 number (such as +14155550100) for Sms'] },
    ]);
  });

  it('numbers data rows from 1, whatever lines the file spends on them', () => {
    const outcomes = optOuts(['', '+14155550100,Sms,"a\r\nb\r\nc"', '', '', '+14155550101,Sms,']);
    expect(outcomes.map((o) => o.row)).toEqual([1, 2]);
  });

  it("ignores the export's own columns, whatever they hold", () => {
    const text = 'recipient,channel,scope,subaccount_id,reason,source,created_at\r\n+14155550100,Sms,stopReply,sub-9,why,support,not a date\r\n';
    expect(checkImportFile(Buffer.from(text), 'opt-outs', NOW)).toEqual([{ row: 1, outcome: 'valid', value: { recipient: '+14155550100', channel: 'Sms', reason: 'why' } }]);
  });
});
