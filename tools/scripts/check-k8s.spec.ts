import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Issue 14 point 5: check-k8s.sh passes on the committed manifests and fails,
// naming the service, when one lacks what every service must have.

const ROOT = resolve(__dirname, '../..');
const hasKubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
// CI installs kubectl (it renders the manifests); elsewhere the check is skipped with a word.
const needKubectl = () => {
  if (hasKubectl) return true;
  if (process.env.CI) throw new Error('kubectl is required in CI for check-k8s.sh');
  console.warn('check-k8s.spec: kubectl is not installed; skipped');
  return false;
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mp-k8s-'));
  cpSync(join(ROOT, 'k8s'), join(dir, 'k8s'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function edit(path: string, from: string | RegExp, to: string) {
  const file = join(dir, 'k8s', path);
  const text = readFileSync(file, 'utf8');
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${path}: nothing to change for ${from}`);
  writeFileSync(file, changed);
}

function check(): { code: number | null; output: string } {
  const run = spawnSync('bash', [join(ROOT, 'tools/scripts/check-k8s.sh'), join(dir, 'k8s')], { cwd: ROOT, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('check-k8s.sh', () => {
  it('passes on the committed base and example overlay', () => {
    if (!needKubectl()) return;
    expect(check()).toMatchObject({ code: 0 });
  });

  it.each([
    ['a PodDisruptionBudget', 'messaging/kustomization.yaml', '  - pdb.yaml\n', '', 'messaging: no PodDisruptionBudget'],
    ['a NetworkPolicy', 'identity/kustomization.yaml', '  - networkpolicy.yaml\n', '', 'identity: no NetworkPolicy'],
    ['its HorizontalPodAutoscaler', 'webhook-dispatcher/kustomization.yaml', '  - hpa.yaml\n', '', 'webhook-dispatcher: no HorizontalPodAutoscaler'],
    ['a read-only root filesystem', 'consent/deployment.yaml', 'readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false', 'consent: container consent: readOnlyRootFilesystem is not true'],
    ['a termination grace period', 'tendlc/deployment.yaml', /\n\s+terminationGracePeriodSeconds: \d+/, '', 'tendlc: terminationGracePeriodSeconds is not set'],
    ['configuration of its own only', 'routing/deployment.yaml', 'name: routing-config', 'name: identity-config', 'routing: container routing: reads ConfigMap identity-config, not only its own'],
  ])('fails, naming the service, when one lacks %s', (_what, path, from, to, message) => {
    if (!needKubectl()) return;
    edit(`base/${path}`, from, to);
    const result = check();
    expect(result.code).toBe(1);
    expect(result.output).toContain(`base: ${message}`);
    expect(result.output).toContain(`overlays/example: ${message}`);
  });

  it('fails when the Ingress sends a callback path to the gateway', () => {
    if (!needKubectl()) return;
    edit('overlays/example/ingress.yaml', /(path: \/v1\/webhooks\/tcr[\s\S]*?name: )provider-callback([\s\S]*?name: )callback/, '$1gateway$2http');
    const result = check();
    expect(result.code).toBe(1);
    expect(result.output).toContain("overlays/example: provider-callback: the Ingress does not send /v1/webhooks/tcr to provider-callback's callback port");
  });
});
