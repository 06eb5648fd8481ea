import { ApiClient } from './api-client';
import { startContractProxy, type ContractProxy } from './contract-proxy';
import * as fixture from './platform-fixture';
import type { BootedPlatform } from './platform-fixture';

/**
 * platform-fixture.ts with Stoplight Prism's validating proxy in front of every
 * platform it gives a suite (tools/scripts/check-contract-prism.sh maps the
 * suites' `./support/platform-fixture` here, apps/platform/test/contract-proxy.jest.config.js):
 * `platform.url` and `api` reach the platform through Prism, so every request
 * and answer of the suite is checked against /openapi/public.json.
 */
export * from './platform-fixture';

const REPORT = process.env.CONTRACT_PROXY_REPORT;
const PROXY = Symbol.for('mp.contractProxy');

async function throughPrism(booted: BootedPlatform): Promise<{ booted: BootedPlatform; proxy: ContractProxy }> {
  if (!REPORT) throw new Error('CONTRACT_PROXY_REPORT names the file Prism’s violations are written to (tools/scripts/check-contract-prism.sh sets it)');
  const proxy = await startContractProxy(booted.platform.url, REPORT);
  const platform = new Proxy(booted.platform, { get: (target, key) => (key === 'url' ? proxy.url : Reflect.get(target, key)) });
  return { booted: { ...booted, platform, api: new ApiClient(proxy.url) }, proxy };
}

/**
 * The shared platform behind one Prism kept with it (the worker's suites share both); started once, by the test
 * environment (contract-proxy.environment.js) before the suite's hooks run.
 */
export async function prismInFront(shared: BootedPlatform): Promise<BootedPlatform> {
  const booted = shared as BootedPlatform & { [PROXY]?: Promise<{ booted: BootedPlatform }> };
  booted[PROXY] ??= throughPrism(booted);
  return (await booted[PROXY]).booted;
}

export async function sharedPlatform(): Promise<BootedPlatform> {
  return prismInFront(await fixture.sharedPlatform());
}

export async function startTestPlatform(...args: Parameters<typeof fixture.startTestPlatform>): Promise<{ booted: BootedPlatform; bootMs: number }> {
  const started = await fixture.startTestPlatform(...args);
  const { booted, proxy } = await throughPrism(started.booted);
  return { booted: { ...booted, stop: async () => (await proxy.stop(), await started.booted.stop()) }, bootMs: started.bootMs };
}

export async function bootPlatform(...args: Parameters<typeof fixture.startTestPlatform>): Promise<BootedPlatform> {
  const { booted, bootMs } = await startTestPlatform(...args);
  console.log(`platform booted in ${bootMs} ms, behind Stoplight Prism's validating proxy`);
  return booted;
}
