import { DomainError } from '@mp/problems';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './consent-csv-limits';
import { sha256Hex } from './file-digest';
import { checkImportFile } from './import-file.rules';

const NOW = new Date('2026-10-18T12:00:00Z');
const file = (text: string) => Buffer.from(text, 'utf8');

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected CONSENT_IMPORT_INVALID');
}

function expectRefused(bytes: Buffer, kind: 'opt-outs' | 'opt-in-records', detail: RegExp) {
  const error = refusal(() => checkImportFile(bytes, kind, NOW));
  expect(error.code).toBe('CONSENT_IMPORT_INVALID');
  expect(error.status).toBe(400);
  expect(error.detail).toMatch(detail);
}

const optOutRows = (count: number) => Array.from({ length: count }, (_, i) => `+1415${String(5550000 + i).padStart(7, '0')},Sms,row ${i + 1}\r\n`).join('');

describe('checkImportFile: file-level refusals (spec 4.7 rule 5)', () => {
  it('refuses an empty file', () => {
    expectRefused(file(''), 'opt-outs', /^The file is empty: opt-out files have the columns recipient, channel/);
    expectRefused(file('\r\n\r\n'), 'opt-outs', /empty/);
    expectRefused(Buffer.from([0xef, 0xbb, 0xbf]), 'opt-in-records', /^The file is empty: evidence files have the columns phone_number, opted_in_at, method/);
  });

  it('refuses a file that is not UTF-8, or not text', () => {
    expectRefused(Buffer.from('recipient,channel,reason\n+14155550100,Sms,café\n', 'latin1'), 'opt-outs', /^The file is not UTF-8 text\.$/);
    expectRefused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), 'opt-outs', /not UTF-8/);
    expectRefused(file('recipient,channel\n+14155550100,Sms\u0000\n'), 'opt-outs', /line 2 holds a NUL character/i);
  });

  it('refuses a file that is not CSV, naming the line', () => {
    expectRefused(file('recipient,channel,reason\n+14155550100,Sms,"never closed\n'), 'opt-outs', /^The file is not valid CSV\. Line 2 opens a quoted field that is never closed\.$/);
    expectRefused(file('recipient,channel\n+14155550100,Sms\n+14155550101,Sms,extra\n'), 'opt-outs', /^The file is not valid CSV\. Line 3 has 3 cells but the header has 2\.$/);
    expectRefused(file('recipient,channel\n"+14155550100"x,Sms\n'), 'opt-outs', /Line 2 has text after a closing quote/);
  });

  it('refuses a missing required column', () => {
    expectRefused(file('recipient,reason\n+14155550100,x\n'), 'opt-outs', /^The file has no column channel; opt-out files have the columns recipient, channel and optionally reason\.$/);
    expectRefused(file('phone_number,method\n+14155550100,Web\n'), 'opt-in-records', /^The file has no column opted_in_at; evidence files/);
    expectRefused(file('source\nx\n'), 'opt-in-records', /no column phone_number, opted_in_at, method/);
  });

  it('refuses an unknown, a repeated or an unnamed column', () => {
    expectRefused(file('recipient,channel,note\n'), 'opt-outs', /^The file has an unknown column "note"; .*scope, subaccount_id, source, created_at are accepted and ignored/);
    // Each kind's columns belong to it alone.
    expectRefused(file('recipient,channel,consent_language\n'), 'opt-outs', /unknown column "consent_language"/);
    expectRefused(file('phone_number,opted_in_at,method,reason\n'), 'opt-in-records', /unknown column "reason"/);
    expectRefused(file('phone_number,opted_in_at,method,scope\n'), 'opt-in-records', /unknown column "scope"/);
    expectRefused(file('recipient,channel,Recipient\n'), 'opt-outs', /names the column "recipient" twice/);
    expectRefused(file('recipient,channel,\n+14155550100,Sms,\n'), 'opt-outs', /^Column 3 of the header has no name/);
  });

  it(`accepts exactly ${MAX_IMPORT_ROWS} data rows (header and blank lines not counted) and refuses one more`, () => {
    const full = file(`recipient,channel,reason\r\n${optOutRows(MAX_IMPORT_ROWS)}\r\n\r\n`);
    const outcomes = checkImportFile(full, 'opt-outs', NOW);
    expect(outcomes).toHaveLength(MAX_IMPORT_ROWS);
    expect(outcomes.every((o) => o.outcome === 'valid')).toBe(true);
    expect(outcomes[MAX_IMPORT_ROWS - 1]).toEqual({ row: MAX_IMPORT_ROWS, outcome: 'valid', value: { recipient: '+14155559999', channel: 'Sms', reason: 'row 10000' } });

    expectRefused(file(`recipient,channel,reason\r\n${optOutRows(MAX_IMPORT_ROWS + 1)}`), 'opt-outs', /^The file has more than 10000 rows\.$/);
    // Invalid rows count too: the limit is on rows, not on valid rows.
    expectRefused(file(`recipient,channel\r\n${'x,y\r\n'.repeat(MAX_IMPORT_ROWS + 1)}`), 'opt-outs', /more than 10000 rows/);
  });

  it('accepts a file of exactly 5 MB and refuses one byte more', () => {
    const head = 'recipient,channel,reason\r\n+14155550100,Sms,padded\r\n';
    const padding = (bytes: number) => '\n'.repeat(bytes - Buffer.byteLength(head));
    const exactly = file(head + padding(MAX_IMPORT_BYTES));
    expect(exactly.byteLength).toBe(5 * 1024 * 1024);
    expect(checkImportFile(exactly, 'opt-outs', NOW)).toEqual([{ row: 1, outcome: 'valid', value: { recipient: '+14155550100', channel: 'Sms', reason: 'padded' } }]);

    expectRefused(file(head + padding(MAX_IMPORT_BYTES + 1)), 'opt-outs', /^The file is larger than 5 MB \(5242880 bytes\)\.$/);
    // Size is checked before anything else, so even a well-formed file over it is refused.
    expectRefused(file(head + ' '.repeat(MAX_IMPORT_BYTES)), 'opt-in-records', /larger than 5 MB/);
  });
});

describe('checkImportFile: files it reads', () => {
  it('answers no rows for a file with only a header (an empty export imports back)', () => {
    expect(checkImportFile(file('recipient,channel,reason\r\n'), 'opt-outs', NOW)).toEqual([]);
    expect(checkImportFile(file('phone_number,opted_in_at,method'), 'opt-in-records', NOW)).toEqual([]);
  });

  it('matches columns in any order and any case, trimmed, optional ones left out', () => {
    const outcomes = checkImportFile(file(' CHANNEL , Recipient\nsms,+14155550100\n'), 'opt-outs', NOW);
    expect(outcomes).toEqual([{ row: 1, outcome: 'valid', value: { recipient: '+14155550100', channel: 'Sms', reason: null } }]);
  });

  it('reads a file with a BOM and CRLF as the same file with LF and no BOM', () => {
    const text = 'recipient,channel,reason\n+14155550100,Sms,"two\nlines"\nBOB@Example.com,email,\n';
    const plain = checkImportFile(file(text), 'opt-outs', NOW);
    const windows = checkImportFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), file(text.replace(/\n/g, '\r\n'))]), 'opt-outs', NOW);
    expect(plain).toEqual([
      { row: 1, outcome: 'valid', value: { recipient: '+14155550100', channel: 'Sms', reason: 'two\nlines' } },
      { row: 2, outcome: 'valid', value: { recipient: 'bob@example.com', channel: 'Email', reason: null } },
    ]);
    expect(windows).toEqual([
      { row: 1, outcome: 'valid', value: { recipient: '+14155550100', channel: 'Sms', reason: 'two\r\nlines' } },
      plain[1],
    ]);
  });

  it('reads a 10,000-row evidence file', () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `'+1415${String(5550000 + i).padStart(7, '0')},2026-01-01T00:00:00Z,WebForm,"signup, page",en-US\r\n`);
    const outcomes = checkImportFile(file(`phone_number,opted_in_at,method,source,consent_language\r\n${rows.join('')}`), 'opt-in-records', NOW);
    expect(outcomes).toHaveLength(MAX_IMPORT_ROWS);
    expect(outcomes[0]).toEqual({
      row: 1,
      outcome: 'valid',
      value: { phoneNumber: '+14155550000', optedInAt: new Date('2026-01-01T00:00:00Z'), method: 'WebForm', source: 'signup, page', consentLanguage: 'en-US' },
    });
  });
});

describe('sha256Hex', () => {
  it('is the SHA-256 of the bytes in lower-case hex', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(Buffer.alloc(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
