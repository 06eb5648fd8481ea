/**
 * How long each app of the distributed set takes from its process's spawn to the first 200 of its
 * readiness endpoint (issue 27 point 6: "a restarted app is ready within 5 s of start on Kafka").
 *
 * The apps run as the image runs them: compiled by tools/scripts/build-apps.sh (rebuilt here, a few
 * seconds, under dist/test-apps) and started with `node --enable-source-maps <bundle>`, each its own process
 * with deploy/local.env (DEVELOPMENT.md "One app from a checkout"; the standalone-apps suite's harness,
 * apps/platform/test/distributed) on a fresh PostgreSQL database (dropped after), Redis (REDIS_URL, or
 * local.env's) and Kafka (KAFKA_BROKERS, or a kcat mock cluster of three brokers). For each app:
 * - first start: the services one after the other in registry order, then the gateway, each started
 *   once the ones before it are ready (a service's first start also migrates its schema);
 * - restart: `kill -9` of that one app, then started again while the others run.
 * The same with tsx (`node --import tsx apps/<app>/src/main.ts`, a checkout's way) follows for
 * comparison. Target: every compiled app ready within 5000 ms of a restart.
 *
 * Printed: a table, then as the last line one JSON object with every figure.
 *
 *   tsx apps/platform/bench/app-start.ts [--no-tsx]
 *
 * Environment: APP_START_RESTARTS (1: restarts of each app; an app's figure is its slowest),
 * DATABASE_URL (whose server gets the fresh database; default the local PostgreSQL), KAFKA_BROKERS, REDIS_URL.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { GATEWAY_APP, SERVICE_REGISTRY } from '@mp/service-host';
import { appBundle, startApp, type AppBuild, type RunningApp } from '../test/distributed/app-process';
import { documentedEnv, kcatMockCluster, ownPorts, portShift } from '../test/distributed/documented-env';
import { freshDatabase } from '../test/distributed/fresh-database';

const TARGET_MS = 5_000;
const RESTARTS = Number(process.env.APP_START_RESTARTS ?? 1);
/** Ten apps under tsx on a loaded 2-core machine: far more than any figure, so a hang fails the run rather than skewing it. */
const GIVE_UP_MS = 180_000;
const POLL_MS = 20;
/** The services in registry order, then the gateway (its readiness asks identity). */
const APPS = [...SERVICE_REGISTRY.map((s) => s.name), GATEWAY_APP.name];
const BUILDS: AppBuild[] = process.argv.includes('--no-tsx') ? ['compiled'] : ['compiled', 'tsx'];

interface Timing {
  /** Spawn to the "listening" log line (its servers are up). */
  listeningMs: number;
  /** Spawn to the first 200 of /readyz. */
  readyMs: number;
}

interface BuildFigures {
  firstStart: Record<string, Timing>;
  restart: Record<string, Timing>;
  maxFirstStartMs: number;
  maxRestartMs: number;
}

function readinessUrl(app: string, shift: number): string {
  if (app === GATEWAY_APP.name) return `http://127.0.0.1:${GATEWAY_APP.httpPort + shift}/readyz`;
  return `http://127.0.0.1:${SERVICE_REGISTRY.find((s) => s.name === app)!.healthPort + shift}/readyz`;
}

/** Resolves with the ms since `since` at the first 200 of `url`, polled every POLL_MS (refused connections included), until `gone()`. */
async function firstOk(url: string, since: number, gone: () => boolean): Promise<number> {
  while (performance.now() - since < GIVE_UP_MS && !gone()) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${url} answered no 200 ${gone() ? 'before its process exited' : `within ${GIVE_UP_MS} ms`}`);
}

/** Spawns `app` and times it to its "listening" line and to its first ready answer (polled from the spawn on). */
async function timedStart(app: string, env: Record<string, string>, shift: number, build: AppBuild): Promise<{ running: RunningApp; timing: Timing }> {
  let gone = false;
  const spawned = performance.now();
  const starting = startApp(app, { ...env, ...ownPorts(app, shift) }, GIVE_UP_MS, build);
  const ready = firstOk(readinessUrl(app, shift), spawned, () => gone);
  ready.catch(() => undefined); // awaited below once the app listens; unawaited when it never did
  const running = await starting.catch((error: unknown) => {
    gone = true;
    throw error;
  });
  const listeningMs = performance.now() - spawned;
  void running.exited.then(() => (gone = true));
  const readyMs = await ready.catch((error: Error) => {
    throw new Error(`${app} (${build}): ${error.message}\n${running.output().slice(-4_000)}`);
  });
  return { running, timing: { listeningMs: Math.round(listeningMs), readyMs: Math.round(readyMs) } };
}

async function stopAll(apps: Iterable<RunningApp>): Promise<void> {
  const running = [...apps].filter((a) => a.child.exitCode === null && a.child.signalCode === null);
  for (const app of running) app.child.kill('SIGTERM');
  await Promise.all(
    running.map(async (app) => {
      const timer = setTimeout(() => app.child.kill('SIGKILL'), 30_000);
      await app.exited;
      clearTimeout(timer);
    }),
  );
}

/** One build's first starts and restarts, on infrastructure of its own (a fresh database, a fresh mock cluster). */
async function measureBuild(build: AppBuild): Promise<BuildFigures & { describe: string }> {
  const database = await freshDatabase('app_start');
  if (typeof database === 'string') throw new Error(database);
  const given = process.env.KAFKA_BROKERS?.trim();
  const kafka = given ? { brokers: given, stop: async () => undefined } : await kcatMockCluster();
  const running = new Map<string, RunningApp>();
  try {
    const shift = await portShift();
    const env = documentedEnv({ DATABASE_URL: database.url, KAFKA_BROKERS: kafka.brokers, REDIS_URL: process.env.REDIS_URL, describe: '', release: async () => {} }, shift);
    const firstStart: Record<string, Timing> = {};
    for (const app of APPS) {
      const { running: started, timing } = await timedStart(app, env, shift, build);
      running.set(app, started);
      firstStart[app] = timing;
      console.error(`app-start: ${build} ${app} first start: ready in ${timing.readyMs} ms (listening at ${timing.listeningMs} ms)`);
    }
    const restart: Record<string, Timing> = {};
    for (let round = 0; round < RESTARTS; round++) {
      for (const app of APPS) {
        const victim = running.get(app)!;
        victim.child.kill('SIGKILL');
        await victim.exited;
        const { running: started, timing } = await timedStart(app, env, shift, build);
        running.set(app, started);
        if (!restart[app] || timing.readyMs > restart[app].readyMs) restart[app] = timing;
        console.error(`app-start: ${build} ${app} restart ${round + 1}: ready in ${timing.readyMs} ms (listening at ${timing.listeningMs} ms)`);
      }
    }
    const max = (timings: Record<string, Timing>) => Math.max(...Object.values(timings).map((t) => t.readyMs));
    return {
      firstStart,
      restart,
      maxFirstStartMs: max(firstStart),
      maxRestartMs: max(restart),
      describe: `${build}: a fresh database on ${new URL(database.url).host}, Kafka ${given ? `at ${given}` : `mock cluster (kcat) at ${kafka.brokers}`}${shift ? `, ports moved by ${shift}` : ''}`,
    };
  } finally {
    await stopAll(running.values());
    await kafka.stop();
    await database.release();
  }
}

async function main() {
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
  const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)));
  // As deploy/Dockerfile builds the image (tools/scripts/build-apps.sh), before any start is timed.
  for (const app of APPS) await appBundle(app);
  const figures: Partial<Record<AppBuild, BuildFigures>> = {};
  const described: string[] = [];
  for (const build of BUILDS) {
    const { describe, ...measured } = await measureBuild(build);
    figures[build] = measured;
    described.push(describe);
  }
  const loadAtEnd = loadavg().map((l) => Number(l.toFixed(2)));

  console.log(`machine: ${machine}; load average (1, 5, 15 min) at start ${loadAtStart.join(' ')}, at end ${loadAtEnd.join(' ')}`);
  console.log(`${described.join('; ')}; restarts per app: ${RESTARTS} (the slowest shown)`);
  console.log(`ms from spawn to the first 200 of /readyz (in brackets: to the "listening" log line); target: a restarted compiled app <= ${TARGET_MS} ms`);
  const cell = (t: Timing | undefined) => (t ? `${t.readyMs} (${t.listeningMs})` : '-');
  const rows: Record<string, Record<string, string>> = {};
  for (const app of [...APPS, 'max']) {
    rows[app] = {};
    for (const build of BUILDS) {
      const f = figures[build]!;
      rows[app][`${build} first start`] = app === 'max' ? String(f.maxFirstStartMs) : cell(f.firstStart[app]);
      rows[app][`${build} restart`] = app === 'max' ? String(f.maxRestartMs) : cell(f.restart[app]);
    }
  }
  console.table(rows);
  const compiled = figures.compiled!;
  const over = Object.entries(compiled.restart).filter(([, t]) => t.readyMs > TARGET_MS);
  if (over.length > 0) console.log(`over the target: ${over.map(([app, t]) => `${app} ${t.readyMs} ms`).join(', ')}`);
  const readyMs = (timings: Record<string, Timing>) => Object.fromEntries(Object.entries(timings).map(([app, t]) => [app, t.readyMs]));
  console.log(
    JSON.stringify({
      appStart: {
        targetMs: TARGET_MS,
        maxRestartMs: compiled.maxRestartMs,
        withinTarget: over.length === 0,
        ...Object.fromEntries(
          Object.entries(figures).map(([build, f]) => [
            build,
            {
              firstStartMs: readyMs(f.firstStart),
              restartMs: readyMs(f.restart),
              maxFirstStartMs: f.maxFirstStartMs,
              maxRestartMs: f.maxRestartMs,
              listeningMs: { firstStart: Object.fromEntries(Object.entries(f.firstStart).map(([a, t]) => [a, t.listeningMs])), restart: Object.fromEntries(Object.entries(f.restart).map(([a, t]) => [a, t.listeningMs])) },
            },
          ]),
        ),
        restarts: RESTARTS,
      },
      machine,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadAtEnd,
    }),
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
