import { metricsRegistry } from '@mp/telemetry';

/** A counter's or gauge's current value for the labels given (0 when never set), as /metrics would show it. */
export async function metricValue(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  const match = values.find((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value));
  return match?.value ?? 0;
}
