import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry: every app serves it on /metrics. The
 * all-in-one process hosts every service (and a jest worker may start several
 * platforms), so metrics are created once and looked up after: a second
 * service or platform reuses them instead of failing to register twice.
 */
export const metricsRegistry = new Registry();

let collectingProcessMetrics = false;

/**
 * Adds the process's own series (CPU, memory, event-loop lag, GC pauses) to
 * the registry. Called by each process's entry point, not on import: the GC
 * series is a PerformanceObserver Node keeps for the life of the process, so
 * a module instance that started it is never freed (under Jest, every test
 * file that imported this module would keep its whole sandbox, databases
 * included, until the worker died).
 */
export function collectProcessMetrics(): void {
  if (collectingProcessMetrics) return;
  collectingProcessMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The text format's media type, for the /metrics answer. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

type Labels<L extends string> = Partial<Record<L, string | number>>;

function once<M>(name: string, create: () => M): M {
  return (metricsRegistry.getSingleMetric(name) as M | undefined) ?? create();
}

export function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return once(name, () => new Counter({ name, help, labelNames, registers: [metricsRegistry] }));
}

/** Latency buckets in seconds, from a cache hit to a slow carrier. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets = LATENCY_BUCKETS): Histogram<L> {
  return once(name, () => new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] }));
}

/** One reading of a gauge measured on scrape. */
export interface GaugeReading<L extends string> {
  labels: Labels<L>;
  value: number;
}

/** A source of readings: a bounded query run when Prometheus scrapes, never work per message. */
export type GaugeSource<L extends string> = () => Promise<Array<GaugeReading<L>>>;

export interface ScrapeGauge<L extends string> {
  /** Adds a source (a service's database, say); the returned function removes it when that service stops. */
  addSource(source: GaugeSource<L>): () => void;
}

const sourcesByGauge = new Map<string, Set<GaugeSource<string>>>();

/**
 * A gauge read on scrape from every source registered for it. A source that
 * fails (its database is down) leaves its series out of that scrape rather
 * than failing the whole answer.
 */
export function scrapeGauge<L extends string>(name: string, help: string, labelNames: readonly L[]): ScrapeGauge<L> {
  let sources = sourcesByGauge.get(name);
  if (!sources) {
    const registered = new Set<GaugeSource<string>>();
    sources = registered;
    sourcesByGauge.set(name, registered);
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        const readings = await Promise.allSettled([...registered].map((source) => source()));
        for (const result of readings) {
          if (result.status !== 'fulfilled') continue;
          for (const { labels, value } of result.value) this.set(labels as Labels<L>, value);
        }
      },
    });
  }
  const set = sources;
  return {
    addSource(source) {
      set.add(source as GaugeSource<string>);
      return () => void set.delete(source as GaugeSource<string>);
    },
  };
}

/** The registry in Prometheus text format (GET /metrics). */
export function renderMetrics(): Promise<string> {
  return metricsRegistry.metrics();
}
