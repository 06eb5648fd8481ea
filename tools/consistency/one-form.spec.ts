import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SERVICE_NAMES } from '@mp/service-host';
import { ROOT } from './deploy-files';

// One form per kind of thing across the services (issue 8 point 4, CONVENTIONS "Layout"): a reader who
// learnt one service reads the next. Use cases and repositories are modules of functions, test helpers
// live in testing/, migrations are <yyyymmddhhmmss>_<what>.ts named as their file, every service
// declares who may call it in <service>.access.ts.

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry === 'generated') return [];
    return statSync(path).isDirectory() ? [path, ...filesUnder(path)] : [path];
  });
}

const LIBS = join(ROOT, 'libs');
const all = filesUnder(LIBS).map((path) => relative(ROOT, path));
const sources = all.filter((path) => path.endsWith('.ts'));

describe('one form across the services', () => {
  it('test helpers live in a folder named testing/', () => {
    expect(all.filter((path) => /(^|\/)(test-support|test-helpers|support|fixtures|test-utils)$/.test(path) && statSync(join(ROOT, path)).isDirectory())).toEqual([]);
  });

  it('use cases and repositories are functions, not classes', () => {
    const classes = sources.filter((path) => /\.(usecase|repository)\.ts$/.test(path) && /\bclass \w+(UseCase|Repository)\b/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(classes).toEqual([]);
  });

  it('migrations are <yyyymmddhhmmss>_<what>.ts, named as their file', () => {
    const wrong = sources
      .filter((path) => /\/src\/migrations\/[^/]+\.ts$/.test(path) && !/\/(index|migrations\.spec)\.ts$/.test(path))
      .filter((path) => {
        const file = path.split('/').pop()!.replace(/\.ts$/, '');
        return !/^\d{14}_[a-z0-9_]+$/.test(file) || !readFileSync(join(ROOT, path), 'utf8').includes(`name: '${file}'`);
      });
    expect(wrong).toEqual([]);
  });

  it('every service declares the principal kinds of each of its methods', () => {
    const missing = SERVICE_NAMES.filter((name) => !sources.some((path) => path.startsWith(`libs/services/${name}/src/`) && path.endsWith('.access.ts')));
    expect(missing).toEqual([]);
  });
});
