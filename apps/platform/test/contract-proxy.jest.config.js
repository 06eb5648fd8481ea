// The API suites with Stoplight Prism's validating proxy in front of every
// platform they boot (issue 27 point 8): the `api` project of jest.config.js,
// with the suites' `./support/platform-fixture` mapped to the fixture that puts
// Prism in front (support/platform-fixture.through-prism.ts). Run by
// tools/scripts/check-contract-prism.sh, which sets CONTRACT_PROXY_REPORT and
// judges the violations Prism reported.
const path = require('node:path');
const root = path.join(__dirname, '../../..');
const base = require(path.join(root, 'jest.config.js'));
const api = base.projects.find((project) => project.displayName === 'api');

module.exports = {
  ...api,
  rootDir: root,
  displayName: 'api through Prism',
  testTimeout: base.testTimeout,
  globalTeardown: api.globalTeardown,
  testEnvironment: '<rootDir>/apps/platform/test/support/contract-proxy.environment.js',
  moduleNameMapper: { '^\\./support/platform-fixture$': '<rootDir>/apps/platform/test/support/platform-fixture.through-prism.ts' },
};
