import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { floorFor, runtimePackages, violations, type AdvisoryFloor } from './advisory-floors';

const floors: AdvisoryFloor[] = [
  { package: 'nodemailer', fixedIn: ['9.1.1'], advisories: ['GHSA-p6gq-j5cr-w38f'] },
  { package: 'protobufjs', fixedIn: ['7.6.3', '8.6.6'], advisories: ['GHSA-f38q-mgvj-vph7'] },
];
const lock = (packages: Record<string, { version?: string; dev?: boolean; link?: boolean }>) => ({ packages: { '': {}, ...packages } });

describe('advisory floors (issue 27 point 2)', () => {
  it('fails the nodemailer the platform shipped before (6.10.1), naming the advisory', () => {
    const found = violations(runtimePackages(lock({ 'node_modules/nodemailer': { version: '6.10.1' } })), floors);
    expect(found).toEqual([expect.objectContaining({ name: 'nodemailer', version: '6.10.1', floor: '9.1.1', advisories: ['GHSA-p6gq-j5cr-w38f'] })]);
  });

  it('finds a vulnerable copy nested under another package', () => {
    const installed = runtimePackages(lock({ 'node_modules/nodemailer': { version: '10.6.1' }, 'node_modules/mailparser/node_modules/nodemailer': { version: '7.0.6' } }));
    expect(violations(installed, floors).map((v) => v.path)).toEqual(['node_modules/mailparser/node_modules/nodemailer']);
  });

  it('judges each major line by its own fix and passes a newer line', () => {
    expect(floorFor('7.6.2', ['7.6.3', '8.6.6'])).toBe('7.6.3');
    expect(floorFor('8.6.5', ['7.6.3', '8.6.6'])).toBe('8.6.6');
    expect(floorFor('6.11.4', ['7.6.3', '8.6.6'])).toBe('7.6.3');
    expect(floorFor('9.0.0', ['7.6.3', '8.6.6'])).toBeUndefined();
    expect(violations(runtimePackages(lock({ 'node_modules/protobufjs': { version: '8.6.5' } })), floors)).toHaveLength(1);
    expect(violations(runtimePackages(lock({ 'node_modules/protobufjs': { version: '7.6.6' } })), floors)).toHaveLength(0);
  });

  it('leaves out what production does not install (dev-only entries, workspace links)', () => {
    const installed = runtimePackages(lock({ 'node_modules/nodemailer': { version: '6.0.0', dev: true }, 'node_modules/@mp/identity': { link: true } }));
    expect(installed).toEqual([]);
  });

  it('holds for this repository: nothing production installs is below its floor', () => {
    const root = join(__dirname, '..', '..');
    const repoLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const repoFloors = JSON.parse(readFileSync(join(__dirname, 'advisory-floors.json'), 'utf8')).floors as AdvisoryFloor[];
    expect(violations(runtimePackages(repoLock), repoFloors)).toEqual([]);
    expect(repoFloors.every((floor) => floor.advisories.every((id) => /^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/.test(id)))).toBe(true);
  });
});
