'use strict';
/**
 * The API project's jest environment: Node's, plus one platform per jest worker
 * process that suites without special configuration share (sharedPlatform() in
 * platform-fixture.ts). Jest gives every test file a module registry and global
 * object of its own, so the platform cannot live in a test file: it is booted
 * here, in the worker's own realm (its TypeScript loaded with tsx, as
 * eslint.config.js does), on first request, and handed to each file as a global.
 * Suites read its database through platform.adapters, so it must share their
 * process (PGlite is in memory): this is why not a globalSetup in the parent.
 */
const { readFileSync } = require('node:fs');
const { TestEnvironment } = require('jest-environment-node');

const KEY = Symbol.for('mp.sharedPlatform');
/** Per process: { boot: Promise<{ booted, bootMs }>, suites: number } once a suite asked. */
const state = (globalThis[KEY] ??= { boot: undefined, suites: 0 });

async function sharedPlatform() {
  if (!state.boot) {
    const { require: tsxRequire } = require('tsx/cjs/api');
    const { startTestPlatform } = tsxRequire('./platform-fixture.ts', __filename);
    state.boot = startTestPlatform();
    state.boot.catch(() => (state.boot = undefined)); // the next suite tries again
  }
  const { booted, bootMs } = await state.boot;
  return { booted, bootMs, suitesBefore: state.suites++ };
}

/** Stops the shared platform, if one was booted (globalTeardown when in band; the worker's end otherwise). */
async function stopSharedPlatform() {
  const boot = state.boot;
  state.boot = undefined;
  state.suites = 0;
  if (boot) await (await boot).booted.stop();
}

// A jest worker child is told to end with [CHILD_MESSAGE_END = 2, ...] and then
// exits by itself once nothing holds its event loop: stop the platform then.
if (process.send) {
  const onMessage = (message) => {
    if (!Array.isArray(message) || message[0] !== 2) return;
    process.removeListener('message', onMessage); // a listener would keep the IPC channel, and the worker, alive
    void stopSharedPlatform();
  };
  process.on('message', onMessage);
}

class SharedPlatformEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
    this.global.__mpSharedPlatform = sharedPlatform;
  }

  async setup() {
    await super.setup();
    // On PostgreSQL and Kafka every platform of the run shares one database and
    // the consumer groups: a file that does not use the shared platform (boots
    // its own, runs the apps as processes, or is an integration spec) gets them
    // to itself, as when every suite booted and stopped its own. In memory
    // (PGlite, embedded log) platforms share nothing, so the shared one stays up.
    const external = Boolean(process.env.DATABASE_URL || process.env.KAFKA_BROKERS);
    if (external && state.boot && !readFileSync(this.testPath, 'utf8').includes('sharedPlatform(')) await stopSharedPlatform();
  }
}

module.exports = SharedPlatformEnvironment;
module.exports.stopSharedPlatform = stopSharedPlatform;
