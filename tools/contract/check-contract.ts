import { readFileSync } from 'node:fs';
import { breakingChanges, type OpenApiDocument } from './breaking-changes';
import { unrecorded } from './changelog';

/**
 * Compares the served document with the last released one and fails on a
 * breaking change the changelog's Unreleased section does not record (spec 9.3).
 * Usage: tsx tools/contract/check-contract.ts <served.json> [released.json] [changelog.md]
 * (tools/scripts/check-contract.sh builds the served document and runs it).
 */
const [served, released = 'docs/contract/v1.released.json', changelog = 'docs/changelog.md'] = process.argv.slice(2);
if (!served) {
  console.error('usage: check-contract.ts <served.json> [released.json] [changelog.md]');
  process.exit(2);
}
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
const findings = breakingChanges(read(released), read(served));
const missing = unrecorded(findings, readFileSync(changelog, 'utf8'));
const missingIds = new Set(missing.map((finding) => finding.id));

for (const finding of findings) if (!missingIds.has(finding.id)) console.log(`recorded   ${finding.id}`);
for (const finding of missing) console.error(`UNRECORDED ${finding.id}  (${finding.detail})`);
if (missing.length > 0) {
  console.error(
    `\n${missing.length} breaking change(s) against ${released} are not in the Unreleased section of ${changelog}.` +
      '\nUndo them, or record each identifier above in backticks there, with what a client must do (spec 9.3: 60 days of deprecation notice first).',
  );
  process.exit(1);
}
console.log(`contract: ${findings.length} breaking change(s) against ${released}, all recorded in ${changelog}`);
