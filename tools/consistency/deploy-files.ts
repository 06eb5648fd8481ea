/**
 * Reads what the deployment files give each app: docker-compose.yml, the k8s
 * base (ConfigMaps, Deployments, Services, the Secret example) and
 * deploy/local.env. Shared by the registry and environment consistency specs
 * and by the standalone-apps API suite.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

// The standalone-apps API suite starts the apps from this file, so the one reader lives there.
export { localEnv } from '../../apps/platform/test/distributed/local-env';

export const ROOT = resolve(__dirname, '../..');

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// Parsed YAML is untyped; the specs check the shapes they read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;

export interface ComposeService {
  environment: Record<string, string>;
  ports: string[];
}

/** docker-compose.yml's services with their merged environment (YAML merge keys resolved). */
export function composeServices(): Record<string, ComposeService> {
  const doc = parse(read('docker-compose.yml'), { merge: true }) as Doc;
  const services: Record<string, ComposeService> = {};
  for (const [name, service] of Object.entries<Doc>(doc.services)) {
    const environment: Record<string, string> = {};
    for (const [k, v] of Object.entries(service.environment ?? {})) if (k !== '<<') environment[k] = String(v);
    services[name] = { environment, ports: (service.ports ?? []).map(String) };
  }
  return services;
}

const k8sDocs = (path: string): Doc[] => parseAllDocuments(read(path)).map((d) => d.toJS() as Doc);

export interface K8sApp {
  configMap: Record<string, string>;
  /** Variables the Deployment names one by one (the Secret's keys): name -> secret key. */
  secretEnv: Record<string, string>;
  containerPorts: Record<string, number>;
  servicePorts: Record<string, number>;
}

export function k8sBaseApps(): string[] {
  return (k8sDocs('k8s/base/kustomization.yaml')[0].resources as string[]).slice();
}

export function k8sApp(app: string): K8sApp {
  const [configMap] = k8sDocs(`k8s/base/${app}/configmap.yaml`);
  const [deployment] = k8sDocs(`k8s/base/${app}/deployment.yaml`);
  const [service] = k8sDocs(`k8s/base/${app}/service.yaml`);
  const container = deployment.spec.template.spec.containers[0];
  const secretEnv: Record<string, string> = {};
  for (const e of container.env ?? []) {
    if (e.valueFrom?.secretKeyRef) secretEnv[e.name] = e.valueFrom.secretKeyRef.key;
    else throw new Error(`${app}: env ${e.name} is not from the Secret; put plain values in the ConfigMap`);
  }
  if ((container.envFrom ?? []).some((f: Doc) => f.secretRef)) throw new Error(`${app}: envFrom a whole Secret gives the app keys it does not read`);
  return {
    configMap: Object.fromEntries(Object.entries<unknown>(configMap.data ?? {}).map(([k, v]) => [k, String(v)])),
    secretEnv,
    containerPorts: Object.fromEntries((container.ports ?? []).map((p: Doc) => [p.name, p.containerPort])),
    servicePorts: Object.fromEntries((service.spec.ports ?? []).map((p: Doc) => [p.name, p.port])),
  };
}

/** Keys of the Secret platform-secrets (the example overlay documents them). */
export function k8sSecretKeys(): string[] {
  const [secret] = k8sDocs('k8s/overlays/example/secret.example.yaml');
  return Object.keys(secret.stringData ?? {});
}
