import {execFileSync} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {at} from '../helpers/found.js';

// docker stats is the oracle: the same containers, sampled by both right after each other.
const burner = uniqueName('stats-burn');
const hog = uniqueName('stats-hog');
const limited = uniqueName('stats-limited');

const berth = (args: string[]) =>
  execFileSync(process.execPath, ['bin/berth.js', ...args], {env: {...process.env, ...benchEnv()}, encoding: 'utf8'});
// Each tool's figures by container name: a container it did not report fails the test there, named.
function byName<T>(tool: string, rows: (readonly [string, T])[]): (name: string) => T {
  const found = new Map(rows);
  return name => {
    const row = found.get(name);
    if (row === undefined) throw new Error(`${tool} reported nothing for ${name}`);
    return row;
  };
}
const berthJson = (names: string[]) =>
  byName(
    'berth stats',
    berth(['stats', '--no-stream', '--json', ...names])
      .trim()
      .split('\n')
      .map(
        line =>
          JSON.parse(line) as {name: string; cpuPercent?: number; memory?: number; memoryLimit?: number; pids?: number},
      )
      .map(row => [row.name, row] as const),
  );
const dockerStats = (names: string[]) =>
  byName(
    'docker stats',
    docker(['stats', '--no-stream', '--format', '{{.Name}}\t{{.CPUPerc}}\t{{.MemUsage}}', ...names])
      .trim()
      .split('\n')
      .map(line => {
        const [name, cpu, mem] = line.split('\t');
        if (name === undefined || cpu === undefined || mem === undefined) throw new Error(`docker stats said: ${line}`);
        return [name, {cpu: Number.parseFloat(cpu), mem: mem.split(' / ')}] as const;
      }),
  );
const toBytes = (text: string) => {
  const scale: Record<string, number> = {B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, kB: 1e3, MB: 1e6, GB: 1e9};
  const [, amount, unit = ''] = /^([\d.]+)([KMGT]?i?B)$/.exec(text.trim()) ?? [];
  const factor = scale[unit];
  if (amount === undefined || factor === undefined) throw new Error(`not a size: ${text}`);
  return Number(amount) * factor;
};

beforeAll(() => {
  docker(['run', '-d', '--name', burner, '--network', 'none', '--init', BUSYBOX, 'sh', '-c', 'while :; do :; done']);
  // 40 MiB in the container's /dev/shm (tmpfs pages count as its memory, as docker stats reports).
  runTestContainer(hog, ['sh', '-c', 'dd if=/dev/zero of=/dev/shm/blob bs=1M count=40 2>/dev/null; sleep 100000'], {
    label: false,
  });
  runTestContainer(limited, ['sleep', '100000'], {label: false, extra: ['--memory', '64m']});
  execFileSync('sleep', ['3']);
}, 60_000);
afterAll(() => {
  docker(['rm', '-f', burner, hog, limited]);
});

describe('berth stats against docker stats', () => {
  test('a container burning a CPU shows what docker stats shows; an idle one near 0', () => {
    // docker stats just before and just after berth: on a quiet machine all say ~100%; on a busy one (CI runs
    // suites side by side on two cores) the burner gets less and its share swings between samples, so berth
    // must fall within what docker saw around it in one of three rounds. A wrong figure (half, double, another
    // container's) misses in every round.
    const rounds: string[] = [];
    for (let round = 0; round < 3; round++) {
      const before = dockerStats([burner, limited]);
      const ours = berthJson([burner, limited]);
      const after = dockerStats([burner, limited]);
      const low = Math.min(before(burner).cpu, after(burner).cpu);
      const high = Math.max(before(burner).cpu, after(burner).cpu);
      const cpu = ours(burner).cpuPercent;
      expect(ours(limited).cpuPercent).toBeLessThan(5);
      expect(after(limited).cpu).toBeLessThan(5);
      if (cpu !== undefined && cpu > 25 && cpu > low - 15 && cpu < high + 15) return;
      rounds.push(`berth ${cpu} %, docker stats ${before(burner).cpu} % before and ${after(burner).cpu} % after`);
    }
    expect.fail(`the burner's CPU never matched docker stats: ${rounds.join('; ')}`);
  });

  test('memory within 10% of docker stats; a limit shows as the limit, none as none', () => {
    const ours = berthJson([hog, limited]);
    const theirs = dockerStats([hog, limited]);
    const dockerMemory = toBytes(at(theirs(hog).mem, 0));
    expect(dockerMemory).toBeGreaterThan(35e6);
    expect(Math.abs(ours(hog).memory! - dockerMemory) / dockerMemory).toBeLessThan(0.1);
    expect(ours(hog).memoryLimit).toBeUndefined();
    expect(ours(limited).memoryLimit).toBe(64 * 1024 * 1024);
    expect(toBytes(at(theirs(limited).mem, 1))).toBe(64 * 1024 * 1024);
  });

  test('a table like docker stats, and clear errors', () => {
    const table = berth(['stats', '--no-stream', burner]);
    expect(table).toMatch(/^CONTAINER ID\s+NAME\s+CPU %\s+MEM USAGE \/ LIMIT/);
    expect(table).toContain(burner);
    let failure = '';
    try {
      berth(['stats', '--no-stream', 'no-such-container-xyz']);
    } catch (error) {
      failure = String((error as {stderr?: string}).stderr);
    }
    expect(failure).toMatch(/^berth: stats: no container "no-such-container-xyz" on this engine/);
  });
});
