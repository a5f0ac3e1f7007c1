import {expect, test, vi} from 'vitest';

// node:v8 answering with the young generation's resident size and the heap in use the test sets.
function mockHeap(realV8: typeof import('node:v8'), heap: () => {young: number; used: number}): void {
  vi.doMock('node:v8', () => ({
    ...realV8,
    getHeapSpaceStatistics: () => [
      {
        space_name: 'new_space',
        physical_space_size: heap().young,
        space_size: heap().young,
        space_used_size: 0,
        space_available_size: 0,
      },
    ],
    getHeapStatistics: () => ({...realV8.getHeapStatistics(), used_heap_size: heap().used}),
  }));
}

// The idle collector runs after growth and quiet, with one more collection a second later (the one that gives the
// freed pages back), and not again while nothing grows (an idle berth must not spend CPU collecting every few seconds); while the young generation stays large it tries at most four times
// per quiet period (after 6 s of quiet), and stops as soon as it is small.
test('collections after growth and for a large young generation; none while idle otherwise', async () => {
  vi.useFakeTimers();
  const {runInNewContext} = await import('node:vm');
  const real = await import('node:vm');
  const realV8 = await import('node:v8');
  let collections = 0;
  let contexts = 0;
  let young = 256 * 1024;
  let shrinkOnCollection = false;
  vi.doMock('node:vm', () => ({
    ...real,
    runInNewContext: (code: string) =>
      code === 'gc' && ++contexts
        ? () => {
            collections++;
            if (shrinkOnCollection) young = 256 * 1024;
          }
        : (runInNewContext(code) as unknown),
  }));
  mockHeap(realV8, () => ({young, used}));
  let used = 50 * 1024 * 1024;
  const {noteActivity, startIdleCollector} = await import('../../source/idle-gc.js');
  const stop = startIdleCollector();
  try {
    // gc() is taken at the first collection (a context is ~3 ms, which came before the first frame), once.
    expect(contexts).toBe(0);
    noteActivity();
    vi.advanceTimersByTime(2000);
    expect(collections).toBe(0); // not quiet yet
    vi.advanceTimersByTime(4000);
    expect(collections).toBe(2); // quiet, and the start-up counts as growth; then the release
    expect(contexts).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(2); // idle, nothing grew, the young generation small
    young = 600 * 1024; // over the line: tried four times, once
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(6);
    young = 256 * 1024;
    used += 2 * 1024 * 1024;
    noteActivity();
    vi.advanceTimersByTime(6000);
    expect(collections).toBe(6); // 2 MB is not growth enough
    used += 2 * 1024 * 1024;
    noteActivity();
    vi.advanceTimersByTime(6000);
    expect(collections).toBe(8);
    // A young generation that stays at 8 MB: four tries in this quiet period, then none.
    young = 8 * 1024 * 1024;
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(12);
    // After activity, the first collection that shrinks it is the last.
    shrinkOnCollection = true;
    noteActivity();
    vi.advanceTimersByTime(5000);
    expect(collections).toBe(12); // not before 6 s of quiet
    vi.advanceTimersByTime(55_000);
    expect(collections).toBe(13);
    expect(contexts).toBe(1);
  } finally {
    stop();
    vi.doUnmock('node:vm');
    vi.doUnmock('node:v8');
    vi.useRealTimers();
  }
});

// With 100,000 containers listed a full collection takes ~90 ms: after one that took longer than 50 ms, growth must
// be a quarter of the heap to ask for another, and the young generation is left to V8.
test('once a collection is costly, only growth of a quarter of the heap asks for one', async () => {
  vi.resetModules();
  vi.useFakeTimers();
  const real = await import('node:vm');
  const realV8 = await import('node:v8');
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  let collections = 0;
  let used = 100 * 1024 * 1024;
  let young = 256 * 1024;
  vi.doMock('node:vm', () => ({
    ...real,
    runInNewContext: (code: string) =>
      code === 'gc'
        ? () => {
            collections++;
            clock += (90 * used) / (100 * 1024 * 1024); // 90 ms for 100 MB
          }
        : (real.runInNewContext(code) as unknown),
  }));
  mockHeap(realV8, () => ({young, used}));
  const {noteActivity, startIdleCollector} = await import('../../source/idle-gc.js');
  const stop = startIdleCollector();
  try {
    noteActivity();
    vi.advanceTimersByTime(6000);
    expect(collections).toBe(2); // the start-up's growth, then the release: each took 90 ms
    young = 8 * 1024 * 1024;
    used += 20 * 1024 * 1024; // an event's garbage, many times over: under a quarter of 100 MB
    noteActivity();
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(2); // no collection for growth, none for the young generation
    used += 10 * 1024 * 1024; // 30 MB since the last: a burst
    noteActivity();
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(4); // growth and its release, and still none for the young generation
    // The containers gone: a heap a tenth as large is collected in a tenth of the time, as usual again.
    used = 13 * 1024 * 1024;
    noteActivity();
    vi.advanceTimersByTime(60_000);
    expect(collections).toBe(8); // four for the young generation
  } finally {
    stop();
    vi.doUnmock('node:vm');
    vi.doUnmock('node:v8');
    vi.restoreAllMocks();
    vi.useRealTimers();
  }
});
