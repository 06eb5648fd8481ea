import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** librdkafka's mock Kafka cluster inside a kcat process, owned by one test. */
export interface KcatMockCluster {
  brokers: string[];
  /** SIGSTOP: every broker stops answering; topics, offsets and groups are kept (as a restarted broker keeps its log). */
  stop(): void;
  /** SIGCONT: the same brokers answer again, where they were. */
  resume(): void;
  /** Ends the process for good. */
  release(): Promise<void>;
}

/** Whether kcat is installed (apt-get install kcat); the reason if not. */
export function kcatMissing(): string | undefined {
  return spawnSync('kcat', ['-V']).status === 0 ? undefined : 'kcat is not installed (apt-get install kcat)';
}

/**
 * A three-broker mock cluster (as .ci/run starts one). librdkafka 2.0's mock binds its brokers to
 * ports of its own choosing and keeps everything in memory, so a cluster cannot be killed and
 * started again at the same addresses with its data; stopping the process (SIGSTOP) and letting it
 * continue (SIGCONT) is how a test takes Kafka away and brings the same Kafka back.
 */
export async function startKcatMockCluster(): Promise<KcatMockCluster> {
  const kcat: ChildProcess = spawn('kcat', ['-b', 'x', '-X', 'test.mock.num.brokers=3', '-d', 'mock', '-C', '-t', 'warm'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const brokers = await new Promise<string>((resolve, reject) => {
    let log: string | undefined = '';
    const timer = setTimeout(() => reject(new Error(`the kcat mock cluster did not start:\n${log}`)), 10_000);
    // Read to the end (a full pipe would block kcat), keeping only what comes before the address.
    kcat.stderr!.on('data', (chunk: Buffer) => {
      if (log === undefined) return;
      log += chunk.toString();
      const match = /bootstrap\.servers=(\S+)/.exec(log);
      if (match) {
        log = undefined;
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return {
    brokers: brokers.split(','),
    stop: () => void kcat.kill('SIGSTOP'),
    resume: () => void kcat.kill('SIGCONT'),
    async release() {
      const exited = new Promise<void>((resolve) => (kcat.exitCode !== null || kcat.signalCode !== null ? resolve() : kcat.once('exit', () => resolve())));
      kcat.kill('SIGCONT');
      kcat.kill('SIGKILL');
      await exited;
    },
  };
}
