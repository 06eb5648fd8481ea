/** The platform's /metrics as Prometheus text. */
export async function scrapeMetrics(platformUrl: string): Promise<string> {
  return (await fetch(`${platformUrl}/metrics`)).text();
}

/** The sum of a metric's samples whose labels include `labels` (0 when none). */
export function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`).exec(line);
    if (!match) continue;
    const found = Object.fromEntries([...(match[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) sum += Number(match[2]);
  }
  return sum;
}
