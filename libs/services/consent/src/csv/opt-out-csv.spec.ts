import { readCsv } from './csv-reader';
import { checkImportFile } from './import-file.rules';
import { OPT_OUT_EXPORT_COLUMNS, optOutCsvHeader, optOutCsvRow, type OptOutForExport } from './opt-out-csv';

const NOW = new Date('2026-10-18T12:00:00Z');
const optOut = (over: Partial<OptOutForExport> = {}): OptOutForExport => ({
  recipient: '+14155550100',
  channel: 'Sms',
  scope: 'subaccount',
  subaccountId: 'sub-1',
  reason: null,
  source: 'customer',
  createdAt: new Date('2026-10-01T08:00:00.000Z'),
  ...over,
});

describe('opt-out export (spec 4.7 rule 6)', () => {
  it('writes the header in the export column order', () => {
    expect(OPT_OUT_EXPORT_COLUMNS).toEqual(['recipient', 'channel', 'scope', 'subaccount_id', 'reason', 'source', 'created_at']);
    expect(optOutCsvHeader()).toBe('recipient,channel,scope,subaccount_id,reason,source,created_at\r\n');
  });

  it('writes an opt-out as one CRLF line, the number protected, empty cells for nulls, created_at in UTC', () => {
    expect(optOutCsvRow(optOut())).toBe("'+14155550100,Sms,subaccount,sub-1,,customer,2026-10-01T08:00:00.000Z\r\n");
    expect(optOutCsvRow(optOut({ recipient: 'ann@example.com', channel: 'Email', scope: 'entireAccount', subaccountId: null, createdAt: '2026-10-01 10:00:00+02' }))).toBe(
      'ann@example.com,Email,entireAccount,,,customer,2026-10-01T08:00:00.000Z\r\n',
    );
  });

  it('protects a reason a spreadsheet would run', () => {
    const line = optOutCsvRow(optOut({ reason: '=HYPERLINK("http://evil.example","x")' }));
    expect(readCsv(Buffer.from(optOutCsvHeader() + line)).rows.next().value.cells).toEqual([
      '+14155550100',
      'Sms',
      'subaccount',
      'sub-1',
      '=HYPERLINK("http://evil.example","x")',
      'customer',
      '2026-10-01T08:00:00.000Z',
    ]);
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('imports back unchanged: every exported opt-out is a valid row with the same recipient, channel and reason', () => {
    const reasons = [null, 'moved, away', 'said "stop"', 'two\r\nlines', '=1+1', '+1', '-', '@home', '\tindented', ' padded ', "'=quoted", 'Grüße 👋 日本語'];
    const exported = reasons.map((reason, i) =>
      optOut({ recipient: i % 3 === 2 ? `user${i}@example.com` : `+1415555${String(i).padStart(4, '0')}`, channel: ['Sms', 'WhatsApp', 'Email'][i % 3], reason }),
    );
    const file = Buffer.from(optOutCsvHeader() + exported.map(optOutCsvRow).join(''), 'utf8');
    expect(checkImportFile(file, 'opt-outs', NOW)).toEqual(
      exported.map((o, i) => ({ row: i + 1, outcome: 'valid', value: { recipient: o.recipient, channel: o.channel, reason: o.reason } })),
    );
  });
});
