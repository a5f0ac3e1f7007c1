import {describe, expect, test} from 'vitest';
import {cpuPercent, memoryWithoutCache, rate, usageOf} from '../../../../source/engine/stats/compute.js';
import {barGraph} from '../../../../source/text/graph.js';

const cpu = (total: number, system: number, cpus = 2) => ({
  cpu_usage: {total_usage: total},
  system_cpu_usage: system,
  online_cpus: cpus,
});

describe('docker stats arithmetic', () => {
  test('CPU: container delta over system delta times online CPUs', () => {
    expect(
      cpuPercent({cpu_stats: cpu(2_000_000_000, 20_000_000_000), precpu_stats: cpu(1_000_000_000, 18_000_000_000)}),
    ).toBeCloseTo(100);
    // The first sample of a stream has no previous one: unknown, not 0.
    expect(cpuPercent({cpu_stats: cpu(5, 10), precpu_stats: {cpu_usage: {total_usage: 0}}})).toBeUndefined();
    // percpu_usage length when online_cpus is missing (older engines).
    expect(
      cpuPercent({
        cpu_stats: {cpu_usage: {total_usage: 300, percpu_usage: [1, 2, 3, 4]}, system_cpu_usage: 1000},
        precpu_stats: cpu(200, 800),
      }),
    ).toBeCloseTo(200);
  });

  test('memory without the page cache: total_inactive_file on cgroup v1, inactive_file on v2', () => {
    expect(memoryWithoutCache({usage: 1000, stats: {total_inactive_file: 300, inactive_file: 100}})).toBe(700);
    expect(memoryWithoutCache({usage: 1000, stats: {inactive_file: 100}})).toBe(900);
    expect(memoryWithoutCache({usage: 1000, stats: {inactive_file: 5000}})).toBe(1000);
    expect(memoryWithoutCache({})).toBeUndefined();
  });

  test('no memory limit is said as such; I/O sums every network and both spellings of block ops', () => {
    const usage = usageOf(
      {
        memory_stats: {usage: 100, limit: 1000, stats: {}},
        networks: {eth0: {rx_bytes: 10, tx_bytes: 1}, eth1: {rx_bytes: 5, tx_bytes: 2}},
        blkio_stats: {
          io_service_bytes_recursive: [
            {op: 'Read', value: 7},
            {op: 'read', value: 3},
            {op: 'Write', value: 4},
          ],
        },
        pids_stats: {current: 3},
      },
      1000,
    );
    expect(usage).toMatchObject({
      memory: 100,
      memoryLimit: undefined,
      memoryPercent: undefined,
      netRx: 15,
      netTx: 3,
      blockRead: 10,
      blockWrite: 4,
      pids: 3,
    });
    expect(usageOf({memory_stats: {usage: 100, limit: 400}}, 1000)).toMatchObject({
      memoryLimit: 400,
      memoryPercent: 25,
    });
    expect(rate(300, 100, 2)).toBe(100);
    expect(rate(100, 300, 2)).toBeUndefined();
  });
});

describe('bar graphs in block characters', () => {
  test('eighths of a cell, newest on the right, unknown values marked', () => {
    expect(barGraph([0, 50, 100], 3, 1, 100)).toEqual([' ▄█']);
    expect(barGraph([100, undefined], 4, 2, 100)).toEqual(['  █ ', '  █·']);
  });
});
