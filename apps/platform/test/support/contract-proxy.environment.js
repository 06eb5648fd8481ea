'use strict';
/**
 * The API project's environment (shared-platform.environment.js) for the run
 * through Stoplight Prism (contract-proxy.jest.config.js): before a suite that
 * shares the worker's platform starts, the platform and the Prism in front of
 * it are up, so their start (Prism reads the whole document: seconds, more on
 * a busy machine) does not count against the suite's own hook timeouts.
 */
const { readFileSync } = require('node:fs');
const SharedPlatformEnvironment = require('./shared-platform.environment');

class ContractProxyEnvironment extends SharedPlatformEnvironment {
  async setup() {
    await super.setup();
    if (!readFileSync(this.testPath, 'utf8').includes('sharedPlatform(')) return;
    const { booted } = await this.global.__mpSharedPlatform();
    const { require: tsxRequire } = require('tsx/cjs/api');
    await tsxRequire('./platform-fixture.through-prism.ts', __filename).prismInFront(booted);
  }
}

module.exports = ContractProxyEnvironment;
