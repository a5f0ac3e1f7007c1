import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {MergedLogs} from '../../source/engine/logs/merged-logs.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {adjacentPairs} from '../helpers/found.js';

let client: EngineClient;
const base = uniqueName('it-mlogs');
const names = [`${base}-a`, `${base}-b`];
const ids: string[] = [];

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  // Each waits a moment (the merge is following by then), floods 20,000 numbered lines, says it is done and
  // stays up.
  for (const [n, name] of names.entries())
    ids.push(
      runTestContainer(name, [
        'sh',
        '-c',
        `sleep 3; seq 1 20000 | sed 's/^/${'ab'[n]} /'; echo ${'ab'[n]} done; sleep 100000`,
      ]).trim(),
    );
});
afterAll(() => docker(['rm', '-f', ...names]));

describe('merged logs of several containers (real engine)', () => {
  test('a flood of both: the merged buffer keeps its cap, the newest lines of each, in time order', async () => {
    const logs = new MergedLogs(client.docker, {
      targets: ids.map(id => ({id})),
      window: {tail: 200},
      follow: true,
      bufferLines: 500,
      describe: target => ({label: target.id === ids[0] ? 'a' : 'b', hue: 0}),
    });
    logs.start();
    try {
      // Every line of both, exactly once: 2 × (20,000 + the done line), nothing before (they slept first).
      const deadline = Date.now() + 50_000;
      while (Date.now() < deadline && logs.buffer.totalPushed < 40_002) {
        expect(logs.buffer.length).toBeLessThanOrEqual(500);
        await new Promise(r => setTimeout(r, 50));
      }
      await new Promise(r => setTimeout(r, 1000));
      expect(logs.buffer.totalPushed).toBe(40_002);
      const lines = logs.buffer.toArray();
      expect(lines).toHaveLength(500);
      const times = lines.map(l => l.time!);
      expect(times).toEqual([...times].sort());
      // Each container's lines that are kept are consecutive: nothing lost or repeated in the merge.
      for (const letter of ['a', 'b']) {
        const numbers = lines
          .filter(l => l.text.startsWith(`${letter} | `) && !l.text.endsWith('done'))
          .map(l => Number(l.text.slice(`${letter} | ${letter} `.length)));
        for (const [previous, next] of adjacentPairs(numbers)) expect(next).toBe(previous + 1);
      }
      expect(logs.status).toBe('streaming');
    } finally {
      logs.stop();
    }
  }, 60_000);

  test('a window with history ("everything") while lines keep coming: the older lines are merged too', async () => {
    // Two more containers: 5,000 lines at once, then 50 a second. Their tails (200 each) come first, the history
    // is put in front while live lines arrive, and the merged buffer is rebuilt from both.
    const live = [`${base}-h1`, `${base}-h2`];
    names.push(...live);
    const liveIds = live.map((name, n) =>
      runTestContainer(name, [
        'sh',
        '-c',
        `seq 1 5000 | sed 's/^/${'xy'[n]} /'; i=5000; while :; do i=$((i+1)); echo "${'xy'[n]} $i"; sleep 0.02; done`,
      ]).trim(),
    );
    const written = (name: string) => /\d+$/.test(docker(['logs', '--tail', '1', name]).trim());
    const ready = Date.now() + 20_000;
    while (Date.now() < ready && !live.every(written)) await new Promise(r => setTimeout(r, 200));
    const logs = new MergedLogs(client.docker, {
      targets: liveIds.map(id => ({id})),
      window: {tail: 'all'},
      follow: true,
      bufferLines: 3000,
      describe: target => ({label: target.id === liveIds[0] ? 'x' : 'y', hue: 0}),
    });
    logs.start();
    try {
      // Live lines alone would take ~26 s to fill it.
      const deadline = Date.now() + 8000;
      while (Date.now() < deadline && logs.buffer.length < 3000) await new Promise(r => setTimeout(r, 100));
      const lines = logs.buffer.toArray();
      expect(lines).toHaveLength(3000);
      const times = lines.map(l => l.time!);
      expect(times).toEqual([...times].sort());
      for (const letter of ['x', 'y']) {
        const numbers = lines
          .filter(l => l.text.startsWith(`${letter} | `))
          .map(l => Number(l.text.slice(`${letter} | ${letter} `.length)));
        for (const [previous, next] of adjacentPairs(numbers)) expect(next).toBe(previous + 1);
      }
    } finally {
      logs.stop();
    }
  }, 60_000);
});
