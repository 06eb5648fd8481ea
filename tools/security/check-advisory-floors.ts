// Issue 27 point 2: npm audit cannot reach its advisory database from these
// machines, so CI checks package-lock.json against a committed floor of safe
// versions (advisory-floors.json) and prints what production installs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runtimePackages, violations, type AdvisoryFloor } from './advisory-floors';

const root = join(__dirname, '..', '..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const lock = read('package-lock.json');
const { floors } = read('tools/security/advisory-floors.json') as { floors: AdvisoryFloor[] };
const direct = Object.keys(read('package.json').dependencies ?? {});

const installed = runtimePackages(lock);
console.log('Runtime dependencies (package.json "dependencies", as package-lock.json installs them):');
for (const name of direct) {
  const copies = installed.filter((pkg) => pkg.path === `node_modules/${name}`);
  console.log(`  ${name}@${copies.map((pkg) => pkg.version).join(', ') || 'not installed'}`);
}
const bad = violations(installed, floors);
for (const pkg of bad) console.error(`  ${pkg.path}@${pkg.version} is below ${pkg.floor} (${pkg.advisories.join(', ')})`);
if (bad.length > 0) {
  console.error(`${bad.length} installed package(s) below their advisory floor: raise them (npm install <package>@<floor or later>, or an "overrides" entry for a transitive one).`);
  process.exit(1);
}
console.log(`Advisory floors: ${installed.length} runtime packages checked against ${floors.length} floors, none below.`);
