/**
 * Creates a new service from its entry in the service registry:
 *
 *   1. add { name, grpcPort, healthPort } to SERVICE_REGISTRY (libs/shared/service-host/src/service-registry.ts);
 *   2. npx tsx tools/generators/service-app.ts <name>
 *
 * It writes the thin host (apps/<name>) and the library skeleton
 * (libs/services/<name>: module, config, migrations folder, test database,
 * README) and refuses to overwrite anything. Then add the service to
 * docker-compose.yml, k8s/base, deploy/local.env and apps/platform:
 * service-registry.spec.ts names whatever is still missing.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SERVICE_REGISTRY, type ServiceName } from '../../libs/shared/service-host/src/service-registry';
import { serviceSkeleton } from './service-skeleton';

const ROOT = resolve(__dirname, '..', '..');
const name = process.argv[2];
if (!SERVICE_REGISTRY.some((s) => s.name === name)) {
  console.error(`usage: service-app.ts <name>, where <name> is in SERVICE_REGISTRY (${SERVICE_REGISTRY.map((s) => s.name).join(', ')})`);
  process.exit(2);
}
const files = serviceSkeleton(name as ServiceName);
const existing = files.filter((f) => existsSync(join(ROOT, f.path)));
if (existing.length > 0) {
  console.error(`not overwriting: ${existing.map((f) => f.path).join(', ')}`);
  process.exit(1);
}
for (const file of files) {
  mkdirSync(dirname(join(ROOT, file.path)), { recursive: true });
  writeFileSync(join(ROOT, file.path), file.content);
  console.log(`created ${file.path}`);
}
