import {expect, test, vi} from 'vitest';

// The idle collector runs once after growth and quiet, and not again while nothing grows (an idle berth must not
// spend CPU collecting every few seconds).
test('one collection after growth and quiet; none while idle without growth', async () => {
  vi.useFakeTimers();
  const {runInNewContext} = await import('node:vm');
  const real = await import('node:vm');
  let collections = 0;
  vi.doMock('node:vm', () => ({...real, runInNewContext: (code: string) => (code === 'gc' ? () => void collections++ : runInNewContext(code))}));
  let used = 50 * 1024 * 1024;
  const usage = vi.spyOn(process, 'memoryUsage').mockImplementation(() => ({rss: 0, heapTotal: 0, heapUsed: used, external: 0, arrayBuffers: 0}) as NodeJS.MemoryUsage);
  const {noteActivity, startIdleCollector} = await import('../../source/idle-gc.js');
  const stop = startIdleCollector();
  try {
    noteActivity();
    vi.advanceTimersByTime(2000);
    expect(collections).toBe(0); // not quiet yet
    vi.advanceTimersByTime(4000);
    expect(collections).toBe(1); // quiet, and the start-up counts as growth
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(1); // idle, nothing grew
    used += 7 * 1024 * 1024;
    noteActivity();
    vi.advanceTimersByTime(6000);
    expect(collections).toBe(2);
  } finally {
    stop();
    usage.mockRestore();
    vi.doUnmock('node:vm');
    vi.useRealTimers();
  }
});
