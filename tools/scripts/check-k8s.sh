#!/usr/bin/env bash
# Renders the k8s base and the example overlay with `kubectl kustomize` and checks
# what issue 14 point 5 asks of every deployed app (exit 1 naming the app and
# what it lacks):
#   - its Deployment, Service, ConfigMap <app>-config, NetworkPolicy (Ingress and
#     Egress) and PodDisruptionBudget; a HorizontalPodAutoscaler for gateway,
#     messaging and webhook-dispatcher;
#   - the Deployment reads only its own ConfigMap and keys of the shared Secret
#     platform-secrets (so one service can be applied, and rolled, on its own);
#   - pods run non-root, without privilege escalation, on a read-only root
#     filesystem with an emptyDir on /tmp, and set terminationGracePeriodSeconds;
#   - the overlay's Ingress sends the callback paths to provider-callback's
#     callback port and the rest to the gateway.
#
#   bash tools/scripts/check-k8s.sh [k8s-dir]     (default: k8s)
set -euo pipefail
cd "$(dirname "$0")/../.."
K8S_DIR="${1:-k8s}"

command -v kubectl >/dev/null || { echo "check-k8s: kubectl is required (it bundles kustomize)" >&2; exit 2; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
kubectl kustomize "$K8S_DIR/base" > "$out/base.yaml"
kubectl kustomize "$K8S_DIR/overlays/example" > "$out/example.yaml"

node - "$K8S_DIR" "$out/base.yaml" "$out/example.yaml" <<'EOF'
const { readFileSync } = require('node:fs');
const { parse, parseAllDocuments } = require('yaml');
const [k8sDir, ...rendered] = process.argv.slice(2);

const APPS = parse(readFileSync(`${k8sDir}/base/kustomization.yaml`, 'utf8')).resources;
const SCALED = ['gateway', 'messaging', 'webhook-dispatcher'];
const SECRET = 'platform-secrets';
const CALLBACK_PATHS = ['/v1/webhooks/carriers', '/v1/webhooks/stripe', '/v1/webhooks/tcr'];
const failures = [];

for (const file of rendered) {
  const where = file.endsWith('example.yaml') ? 'overlays/example' : 'base';
  const docs = parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS()).filter(Boolean);
  const fail = (app, message) => failures.push(`${where}: ${app}: ${message}`);
  const selects = (doc, app) => doc.spec?.podSelector?.matchLabels?.['app.kubernetes.io/name'] === app || doc.spec?.selector?.matchLabels?.['app.kubernetes.io/name'] === app;
  const find = (kind, test) => docs.find((d) => d.kind === kind && test(d));

  for (const app of APPS) {
    const deployment = find('Deployment', (d) => d.metadata.name === app);
    if (!deployment) fail(app, 'no Deployment');
    if (!find('Service', (d) => d.metadata.name === app)) fail(app, 'no Service');
    if (!find('ConfigMap', (d) => d.metadata.name === `${app}-config`)) fail(app, `no ConfigMap ${app}-config`);
    const policy = find('NetworkPolicy', (d) => selects(d, app));
    if (!policy) fail(app, 'no NetworkPolicy');
    else if (!['Ingress', 'Egress'].every((t) => policy.spec.policyTypes?.includes(t))) fail(app, 'its NetworkPolicy must restrict both Ingress and Egress');
    if (!find('PodDisruptionBudget', (d) => selects(d, app))) fail(app, 'no PodDisruptionBudget');
    const hpa = find('HorizontalPodAutoscaler', (d) => d.spec?.scaleTargetRef?.kind === 'Deployment' && d.spec.scaleTargetRef.name === app);
    if (SCALED.includes(app) && !hpa) fail(app, 'no HorizontalPodAutoscaler');
    if (!deployment) continue;

    const pod = deployment.spec.template.spec;
    if (!(pod.terminationGracePeriodSeconds > 0)) fail(app, 'terminationGracePeriodSeconds is not set');
    if (pod.securityContext?.runAsNonRoot !== true) fail(app, 'the pod does not set runAsNonRoot: true');
    const emptyDirs = new Set((pod.volumes ?? []).filter((v) => v.emptyDir).map((v) => v.name));
    for (const v of pod.volumes ?? []) if (!v.emptyDir) fail(app, `volume ${v.name} is not an emptyDir (only its own ConfigMap and the shared Secret, as environment)`);
    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      const sc = c.securityContext ?? {};
      if (sc.readOnlyRootFilesystem !== true) fail(app, `container ${c.name}: readOnlyRootFilesystem is not true`);
      if (sc.allowPrivilegeEscalation !== false) fail(app, `container ${c.name}: allowPrivilegeEscalation is not false`);
      if (sc.runAsUser === 0) fail(app, `container ${c.name}: runs as root`);
      if (!(c.volumeMounts ?? []).some((m) => m.mountPath === '/tmp' && emptyDirs.has(m.name))) fail(app, `container ${c.name}: no emptyDir on /tmp`);
      for (const from of c.envFrom ?? []) {
        if (from.secretRef) fail(app, `container ${c.name}: envFrom a whole Secret (${from.secretRef.name}); name the keys it reads`);
        if (from.configMapRef && from.configMapRef.name !== `${app}-config`) fail(app, `container ${c.name}: reads ConfigMap ${from.configMapRef.name}, not only its own`);
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
        if (e.valueFrom?.configMapKeyRef && ref.name !== `${app}-config`) fail(app, `container ${c.name}: ${e.name} from ConfigMap ${ref.name}, not its own`);
        if (e.valueFrom?.secretKeyRef && ref.name !== SECRET) fail(app, `container ${c.name}: ${e.name} from Secret ${ref.name}, not ${SECRET}`);
      }
    }
  }

  if (where === 'overlays/example') {
    const paths = docs.filter((d) => d.kind === 'Ingress').flatMap((i) => (i.spec.rules ?? []).flatMap((r) => r.http?.paths ?? []));
    const backendOf = (path) => paths.find((p) => p.path === path)?.backend?.service;
    for (const path of CALLBACK_PATHS) {
      const backend = backendOf(path);
      if (backend?.name !== 'provider-callback' || !(backend.port?.name === 'callback' || backend.port?.number === 8081)) {
        fail('provider-callback', `the Ingress does not send ${path} to provider-callback's callback port`);
      }
    }
    if (backendOf('/')?.name !== 'gateway') fail('gateway', 'the Ingress does not send / to the gateway');
  }
}

if (failures.length > 0) {
  console.error(`check-k8s: ${failures.length} problem(s):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-k8s: ${APPS.length} apps, each with its Deployment, Service, ConfigMap, NetworkPolicy and PodDisruptionBudget (HPA: gateway, messaging, webhook-dispatcher); base and overlays/example render`);
EOF
