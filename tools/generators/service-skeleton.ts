/**
 * The files of a new service, from its entry in the service registry: the thin
 * host in apps/<name> and the library skeleton in libs/services/<name> (module,
 * config, migrations folder, test database, README). service-app.ts writes them.
 */
import { serviceEntry, type ServiceName } from '../../libs/shared/service-host/src/service-registry';

export interface GeneratedFile {
  path: string;
  content: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

export function serviceSkeleton(name: ServiceName): GeneratedFile[] {
  const entry = serviceEntry(name);
  const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const pascal = camel[0].toUpperCase() + camel.slice(1);
  const moduleName = `${camel}Service`;
  const schemaName = `${camel}ConfigSchema`;
  const migrationsName = `${camel}Migrations`;
  const schema = name.replace(/-/g, '_');
  const app = `apps/${name}`;
  const lib = `libs/services/${name}`;
  return [
    { path: `${app}/package.json`, content: json({ name: `@mp/app-${name}`, version: '0.0.0', private: true, main: 'src/main.ts' }) },
    {
      path: `${app}/project.json`,
      content: json({
        name,
        $schema: '../../node_modules/nx/schemas/project-schema.json',
        sourceRoot: `${app}/src`,
        projectType: 'application',
        tags: [`scope:${name}`, 'type:app'],
      }),
    },
    {
      path: `${app}/src/config.ts`,
      content: `import { loadConfig } from '@mp/config';
import { ${schemaName} } from '@mp/${name}';
import { standaloneHostConfigSchema, standalonePortsSchema } from '@mp/service-host';

/** The only place this app reads the environment; start-up fails naming any bad variable. */
export const configSchema = {
  ...standaloneHostConfigSchema,
  ...${schemaName},
  ...standalonePortsSchema('${name}'),
};

export const loadAppConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(configSchema, env);
`,
    },
    {
      path: `${app}/src/main.ts`,
      content: `import { redactSecretText } from '@mp/config';
import { ${moduleName} } from '@mp/${name}';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(${moduleName}, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
`,
    },
    {
      path: `${app}/README.md`,
      content: `# ${name}

Thin host: \`src/config.ts\` reads the environment once, \`src/main.ts\` runs the
module from \`libs/services/${name}\`, where the rules and their tests live.

Ports (service registry): gRPC ${entry.grpcPort} (\`GRPC_PORT\`), \`/healthz\` and \`/readyz\` on ${entry.healthPort} (\`HTTP_PORT\`).
Other services reach it at \`${name.toUpperCase().replace(/-/g, '_')}_GRPC_URL\`.

Run alone: \`npx tsx apps/${name}/src/main.ts\` (see DEVELOPMENT.md).
`,
    },
    { path: `${lib}/package.json`, content: `{ "name": "@mp/${name}", "version": "0.0.0", "private": true, "main": "src/index.ts" }\n` },
    {
      path: `${lib}/project.json`,
      content: json({
        name: `${name}-service`,
        $schema: '../../../node_modules/nx/schemas/project-schema.json',
        sourceRoot: `${lib}/src`,
        projectType: 'library',
        tags: [`scope:${name}`, 'type:feature'],
      }),
    },
    {
      path: `${lib}/src/index.ts`,
      content: `export { ${moduleName} } from './${name}.module';
export { ${schemaName}, type ${pascal}Config } from './${name}.config';
export { ${migrationsName} } from './migrations';
`,
    },
    {
      path: `${lib}/src/${name}.config.ts`,
      content: `import type { ConfigOf, ConfigSchema } from '@mp/config';

/** Environment the ${name} service reads besides the host's (none yet). */
export const ${schemaName} = {} satisfies ConfigSchema;
export type ${pascal}Config = ConfigOf<typeof ${schemaName}>;
`,
    },
    {
      path: `${lib}/src/${name}.module.ts`,
      content: `import type { ServiceModule } from '@mp/service-host';
import type { ${pascal}Config } from './${name}.config';
import { ${migrationsName} } from './migrations';

/** ${name}: add its gRPC service (proto/${name}/v1, npm run proto) with implementService. */
export const ${moduleName}: ServiceModule<${pascal}Config> = {
  name: '${name}',
  migrations: ${migrationsName},
  create() {
    return { grpc: [] };
  },
};
`,
    },
    {
      path: `${lib}/src/migrations/index.ts`,
      content: `import type { Migration } from '@mp/db';
import { eventTablesMigration } from '@mp/events';

/** Applied in this order; never reorder or rename an entry once released. */
export const ${migrationsName}: Migration[] = [eventTablesMigration];
`,
    },
    {
      path: `${lib}/src/testing/test-database.ts`,
      content: `import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { ${migrationsName} } from '../migrations';

export const TEST_SCHEMA = '${schema}';

/** An in-memory embedded database with the ${name} schema migrated. */
export async function openTestDatabase(): Promise<{ provider: DatabaseProvider; db: Knex }> {
  const provider = createDatabaseProvider({ dataDir: ':memory:' });
  const db = provider.forSchema(TEST_SCHEMA);
  await migrateLatest(db, TEST_SCHEMA, ${migrationsName});
  return { provider, db };
}
`,
    },
    {
      path: `${lib}/README.md`,
      content: `# @mp/${name}

The rules of the ${name} service: use cases, repositories, gRPC handlers,
consumers, jobs and migrations (schema \`${schema}\`). The host is \`apps/${name}\`.

- Use cases: one exported async function per \`src/<feature>/<verb-noun>.usecase.ts\`, dependencies first.
- Repositories: \`src/<feature>/<feature>.repository.ts\`, exported functions taking \`db\` (or a transaction) first.
- gRPC: \`implementService(definition, handlers, logger, access)\`, with the principal kinds of every method in \`src/${name}.access.ts\`; account reach through \`reachAccount\` (@mp/grpc).
- Consumers: \`prepare(event)\` for calls to other services, \`apply(trx, prepared, event)\` for the writes.
- Migrations: \`src/migrations/<yyyymmddhhmmss>_<what>.ts\` (name the same), listed in order in \`src/migrations/index.ts\`.
- Tests: beside the code; helpers in \`src/testing/\` (\`testing/test-database.ts\` opens a migrated in-memory database).
`,
    },
  ];
}
