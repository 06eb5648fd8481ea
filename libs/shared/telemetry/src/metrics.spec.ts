import { collectProcessMetrics, counter, renderMetrics } from './metrics';

describe('the metrics registry', () => {
  it('starts no process-wide collector on import: the process series come when the entry point asks', async () => {
    // Importing must not start prom-client's GC observer: Node keeps it for the life of the process, and with it
    // every module instance that imported this one (under Jest, each test file's whole sandbox).
    counter('metrics_spec_marks_total', 'marks of this spec', ['kind']).inc({ kind: 'import' });
    const beforeEntryPoint = await renderMetrics();
    expect(beforeEntryPoint).toContain('metrics_spec_marks_total{kind="import"} 1');
    expect(beforeEntryPoint).not.toMatch(/^process_resident_memory_bytes /m);
    expect(beforeEntryPoint).not.toContain('nodejs_gc_duration_seconds');

    collectProcessMetrics();
    collectProcessMetrics(); // a second entry point in the same process (the all-in-one) is a no-op, not a clash
    const afterEntryPoint = await renderMetrics();
    expect(afterEntryPoint.match(/^process_resident_memory_bytes \d+/gm)).toHaveLength(1);
    expect(afterEntryPoint).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });
});
