import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Issue 27 point 1: one Node line, the one the image ships. The tests run on it
// (this process), and engines, @types/node and the build target name it too.
const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const imageMajor = Number(/^ARG NODE_IMAGE=node:(\d+)/m.exec(read('deploy/Dockerfile'))?.[1]);
const pkg = JSON.parse(read('package.json'));

describe('the Node line', () => {
  it('the image names one major', () => expect(imageMajor).toBeGreaterThanOrEqual(26));

  it('these tests run on it', () => expect(Number(process.versions.node.split('.')[0])).toBe(imageMajor));

  it('package.json engines, the node dev dependency and @types/node name it', () => {
    expect(pkg.engines.node).toBe(`>=${imageMajor}.0.0`);
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${imageMajor}\\.`));
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${imageMajor}\\.`));
  });

  it('the apps are compiled for it', () => expect(read('tools/scripts/build-apps.sh')).toContain(`--target=node${imageMajor} `));
});
