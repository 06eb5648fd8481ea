'use strict';
// jest globalTeardown: in band the tests ran in this process, so the shared
// platform (if any suite booted it) must stop for jest to exit. In a parent of
// workers there is none (each worker stops its own when it ends).
module.exports = async () => {
  const state = globalThis[Symbol.for('mp.sharedPlatform')];
  if (state?.boot) await require('./shared-platform.environment').stopSharedPlatform();
};
