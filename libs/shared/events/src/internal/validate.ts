export function assertSubscription(group: string, topics: string[]): void {
  if (!group) throw new Error('subscribe: group is required');
  if (topics.length === 0 || topics.some((t) => !t)) throw new Error('subscribe: at least one non-empty topic is required');
}

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
