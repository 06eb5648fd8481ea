import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { recordedChanges, unrecorded, unreleasedSection } from './changelog';

const changelog = (unreleased: string, released = '') => `# Changelog\n\nIntro with \`removed-path /v1/intro\`.\n\n## Unreleased\n\n${unreleased}\n\n## 2026-11-24\n\n${released}\n`;
const finding = (id: string) => ({ id, detail: 'what changed' });

describe('the changelog records breaking changes in its Unreleased section', () => {
  it('reads the backticked identifiers of Unreleased only', () => {
    const text = changelog('- `removed-operation DELETE /v1/x`: use POST /v1/x/delete.\n- `removed-path   /v1/y`', '- `removed-path /v1/old`');
    expect(unreleasedSection(text)).toContain('removed-operation DELETE /v1/x');
    expect([...recordedChanges(text)]).toEqual(['removed-operation DELETE /v1/x', 'removed-path /v1/y']);
  });

  it('accepts a recorded finding and returns the others', () => {
    const text = changelog('- `removed-operation DELETE /v1/x`', '- `removed-path /v1/old`');
    const findings = [finding('removed-operation DELETE /v1/x'), finding('removed-path /v1/old'), finding('removed-path /v1/intro')];
    expect(unrecorded(findings, text).map((f) => f.id)).toEqual(['removed-path /v1/old', 'removed-path /v1/intro']);
  });

  it('records nothing without an Unreleased section', () => {
    expect(recordedChanges('# Changelog\n\n## 2026-11-24\n\n`removed-path /v1/x`').size).toBe(0);
  });
});

describe('check-contract (the CI check)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'contract-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const released = { paths: { '/v1/x': { get: { responses: { '200': { description: 'Ok' } } }, delete: { responses: { '204': { description: 'Gone' } } } } } };
  const served = { paths: { '/v1/x': { get: { responses: { '200': { description: 'Ok' } } } }, '/v1/y': { get: { responses: { '200': { description: 'Ok' } } } } } };
  writeFileSync(join(dir, 'released.json'), JSON.stringify(released));
  writeFileSync(join(dir, 'served.json'), JSON.stringify(served));

  const check = async (changelogText: string) => {
    writeFileSync(join(dir, 'changelog.md'), changelogText);
    const script = join(__dirname, 'check-contract.ts');
    const args = [require.resolve('tsx/cli'), script, join(dir, 'served.json'), join(dir, 'released.json'), join(dir, 'changelog.md')];
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, args);
      return { code: 0, out: stdout + stderr };
    } catch (error: any) {
      return { code: error.code as number, out: `${error.stdout}${error.stderr}` };
    }
  };

  it('fails on an unrecorded breaking change and names it', async () => {
    const { code, out } = await check(changelog('Nothing yet.'));
    expect(code).toBe(1);
    expect(out).toContain('UNRECORDED removed-operation DELETE /v1/x');
  });

  it('passes once the changelog records it (additions need no entry)', async () => {
    const { code, out } = await check(changelog('- `removed-operation DELETE /v1/x`: deprecated on 2026-09-01.'));
    expect(code).toBe(0);
    expect(out).toContain('recorded   removed-operation DELETE /v1/x');
  });

  it('passes the repository: the generated document against the released one and docs/changelog.md', async () => {
    const root = join(__dirname, '../..');
    const generated = join(root, 'libs/services/gateway/src/generated/openapi.json');
    const args = [require.resolve('tsx/cli'), join(__dirname, 'check-contract.ts'), generated, join(root, 'docs/contract/v1.released.json'), join(root, 'docs/changelog.md')];
    const { stdout } = await promisify(execFile)(process.execPath, args);
    expect(stdout).toMatch(/all recorded in/);
    expect(readFileSync(join(root, 'docs/changelog.md'), 'utf8')).toMatch(/^## Unreleased$/m);
  });
});
