// Three tiers (CONVENTIONS.md): unit specs beside the code, service integration
// specs (*.int.spec.ts) against real PostgreSQL/Redis/Kafka when their URLs are
// set (embedded otherwise), and API specs that drive the platform over HTTP.
// The webhook suites' HTTPS receivers hold certificates of a test CA that the platform trusts the way a deployment
// trusts a private CA: NODE_EXTRA_CA_CERTS, which Node reads once at start-up. Set here it reaches jest's workers;
// `npm test` and .ci/run set it before jest starts, which a run in band (one process) needs.
process.env.NODE_EXTRA_CA_CERTS ??= require('node:path').join(__dirname, 'apps/platform/test/fixtures/webhook-tls/ca.pem');
// OpenTelemetry's OTLP exporters (SDK 2.x) load node:http with a dynamic import(), which jest's module
// sandbox runs only with --experimental-vm-modules: without it no span leaves a test. Set here it reaches
// jest's workers; `npm test` and .ci/run set it before jest starts, which a run in band (one process) needs.
const VM_MODULES = '--experimental-vm-modules --disable-warning=ExperimentalWarning';
if (!(process.env.NODE_OPTIONS ?? '').includes('--experimental-vm-modules')) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${VM_MODULES}`.trim();
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: false },
      },
      module: { type: 'commonjs' },
    },
  ],
};
const sharedPlatformEnvironment = '<rootDir>/apps/platform/test/support/shared-platform.environment.js';
const common = { transform, testEnvironment: 'node', moduleFileExtensions: ['ts', 'js', 'json'] };
module.exports = {
  testTimeout: 120000,
  // A worker that holds more than this after a test file is replaced by a fresh one (its shared platform boots
  // again, a few seconds). Without it each worker grew to 6-8 GB over \`npm test\` and ran its later files at
  // about half speed in garbage collection; with it the whole run took 15m49s instead of 18m45s here.
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.int\\.spec\\.ts$', '\\.api\\.spec\\.ts$', '\\.browser\\.spec\\.ts$'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int.spec.ts'],
      // On PostgreSQL/Kafka it stops the API suites' shared platform first (they share the stores).
      testEnvironment: sharedPlatformEnvironment,
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/apps/**/*.api.spec.ts'],
      // One platform per worker for the suites that ask for sharedPlatform() (platform-fixture.ts).
      testEnvironment: sharedPlatformEnvironment,
      globalTeardown: '<rootDir>/apps/platform/test/support/shared-platform.teardown.js',
    },
    {
      // Real headless Chromium (npm run test:browser); not part of `npm test`, so machines without Chromium still pass.
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/apps/**/*.browser.spec.ts'],
    },
  ],
};
