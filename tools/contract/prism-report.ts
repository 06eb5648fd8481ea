import { existsSync, readFileSync } from 'node:fs';

/**
 * Judges what Stoplight Prism's validating proxy reported while API suites ran
 * through it (tools/scripts/check-contract-prism.sh): every answer must agree
 * with /openapi/public.json, so any response violation fails; a request
 * violation is a request a suite sends on purpose against the document (a
 * missing field, an unknown credential, a value over its limit...), to see the
 * server refuse it: expected, and listed.
 * Usage: tsx tools/contract/prism-report.ts <answers.jsonl> (one line per answer Prism checked)
 */
interface Recorded {
  method: string;
  path: string;
  status: number;
  violations: Array<{ location: string[]; severity: string; code: string | number; message: string }>;
}

export interface Judgement {
  /** Answers Prism checked. */
  checked: number;
  responseViolations: string[];
  /** Each kind of request violation once (operation shape, status and message), with how often it was seen. */
  requestViolations: Array<{ what: string; times: number }>;
}

/** Ids and other values in a path, so the same operation groups as one. */
const shape = (path: string) => path.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}(?=\/|$)/gi, '/{id}').replace(/\/\+?\d{6,}(?=\/|$)/g, '/{number}');

export function judge(records: Recorded[]): Judgement {
  const responseViolations: string[] = [];
  const requests = new Map<string, number>();
  for (const record of records) {
    for (const violation of record.violations) {
      const where = `${violation.location.join('.')}: ${violation.message}`;
      if (violation.location[0] === 'response') responseViolations.push(`${record.method} ${record.path} ${record.status} ${where}`);
      else {
        const what = `${record.method} ${shape(record.path)} -> ${record.status}: ${where}`;
        requests.set(what, (requests.get(what) ?? 0) + 1);
      }
    }
  }
  return { checked: records.length, responseViolations, requestViolations: [...requests].map(([what, times]) => ({ what, times })).sort((a, b) => a.what.localeCompare(b.what)) };
}

export function readRecords(file: string): Recorded[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Recorded);
}

if (require.main === module) {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error('usage: prism-report.ts <violations.jsonl>');
    process.exit(2);
  }
  const { checked, responseViolations, requestViolations } = judge(readRecords(file));
  if (checked === 0) {
    console.error('Prism checked no answer: the suites did not go through it.');
    process.exit(1);
  }
  console.log(`Prism checked ${checked} answer(s) against /openapi/public.json.`);
  console.log(`Prism: ${requestViolations.reduce((sum, v) => sum + v.times, 0)} request violation(s), expected (requests the suites send against the document on purpose):`);
  for (const { what, times } of requestViolations) console.log(`  expected  ${times}x ${what}`);
  if (responseViolations.length > 0) {
    for (const violation of responseViolations) console.error(`RESPONSE  ${violation}`);
    console.error(`\n${responseViolations.length} answer(s) of the platform break /openapi/public.json as Prism reads it.`);
    process.exit(1);
  }
  console.log('Prism: no answer breaks /openapi/public.json');
}
