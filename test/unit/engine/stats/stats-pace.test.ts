import type Docker from 'dockerode';
import {afterEach, expect, test, vi} from 'vitest';
import type {RawStats} from '../../../../source/engine/stats/compute.js';
import {StatsSampler} from '../../../../source/engine/stats/sampler.js';

// The sampler's pace, counted read by read. The engine is stood in for because the test needs a container whose
// figures move on every read and others that never move, on a clock the test drives; what a real engine answers
// is checked against docker stats in test/integration/stats.test.ts.
afterEach(() => {
  vi.useRealTimers();
});

function engine(moving: string) {
  const reads = new Map<string, number>();
  const docker = {
    modem: {},
    info: () => Promise.resolve({MemTotal: 8e9}),
    getContainer: (id: string) => ({
      stats: (): Promise<RawStats> => {
        const n = (reads.get(id) ?? 0) + 1;
        reads.set(id, n);
        // The moving one uses 1 + n % 3 cores' worth between reads, so its figure changes each time.
        const used = id === moving ? n * 1e9 + (n % 3) * 5e8 : 0;
        return Promise.resolve({
          cpu_stats: {cpu_usage: {total_usage: used}, system_cpu_usage: n * 4e9, online_cpus: 4},
          precpu_stats: {cpu_usage: {total_usage: 0}, system_cpu_usage: 0, online_cpus: 4},
          memory_stats: {usage: id === moving ? 1e6 * n : 5e6},
        });
      },
    }),
  } as unknown as Docker;
  return {docker, reads};
}

async function run(roundMsPerContainer: number, seconds: number) {
  vi.useFakeTimers();
  const ids = ['busy', 'idle-1', 'idle-2', 'idle-3'];
  const {docker, reads} = engine('busy');
  const sampler = new StatsSampler(docker, '1.41', roundMsPerContainer);
  sampler.want(ids);
  for (let second = 0; second < seconds; second++) await vi.advanceTimersByTimeAsync(1000);
  sampler.close();
  return reads;
}

test('in the UI, rows whose figures do not move are read at half the pace of those that do', async () => {
  // 4 rows at 1 s each: every row every 4 s; an idle one every 8 s.
  const reads = await run(1000, 80);
  const busy = reads.get('busy')!;
  expect(busy).toBeGreaterThanOrEqual(18);
  expect(busy).toBeLessThanOrEqual(22);
  for (const idle of ['idle-1', 'idle-2', 'idle-3']) {
    expect(reads.get(idle)).toBeGreaterThanOrEqual(9);
    expect(reads.get(idle)).toBeLessThanOrEqual(12);
  }
});

test('berth stats reads every row every second, moving or not, as docker stats does', async () => {
  const reads = await run(0, 20);
  for (const id of ['busy', 'idle-1', 'idle-2', 'idle-3']) {
    expect(reads.get(id)).toBeGreaterThanOrEqual(20);
    expect(reads.get(id)).toBeLessThanOrEqual(21);
  }
});
