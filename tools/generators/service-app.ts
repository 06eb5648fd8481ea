/**
 * Creates the thin host of a service: `npx tsx tools/generators/service-app.ts <name> <grpcPort> <httpPort>`.
 * The service's rules live in libs/services/<name>; the app only reads its
 * configuration and runs the module (CONVENTIONS: "the host is thin").
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [name, grpcPort, httpPort] = process.argv.slice(2);
if (!name || !/^[a-z][a-z-]*$/.test(name) || !/^\d+$/.test(grpcPort ?? '') || !/^\d+$/.test(httpPort ?? '')) {
  console.error('usage: service-app.ts <name> <grpcPort> <httpPort>');
  process.exit(2);
}
const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const moduleName = `${camel}Service`;
const schemaName = `${camel}ConfigSchema`;
const dir = join(__dirname, '..', '..', 'apps', name);
if (existsSync(dir)) {
  console.error(`apps/${name} exists already`);
  process.exit(1);
}
mkdirSync(join(dir, 'src'), { recursive: true });
const files: Record<string, string> = {
  'package.json': JSON.stringify({ name: `@mp/app-${name}`, version: '0.0.0', private: true, main: 'src/main.ts' }, null, 2) + '\n',
  'project.json':
    JSON.stringify(
      {
        name,
        $schema: '../../node_modules/nx/schemas/project-schema.json',
        sourceRoot: `apps/${name}/src`,
        projectType: 'application',
        tags: [`scope:${name}`, 'type:app'],
      },
      null,
      2,
    ) + '\n',
  'src/config.ts': `import { int, loadConfig } from '@mp/config';
import { ${schemaName} } from '@mp/${name}';
import { standaloneHostConfigSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...${schemaName},
  GRPC_PORT: int({ default: ${grpcPort}, min: 0, max: 65535 }),
  HTTP_PORT: int({ default: ${httpPort}, min: 0, max: 65535 }),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
`,
  'src/main.ts': `import { ${moduleName} } from '@mp/${name}';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(${moduleName}, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
`,
};
for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
console.log(`created apps/${name}`);
