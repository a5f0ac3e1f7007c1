import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {berthBehindProxy} from '../helpers/berth-behind-proxy.js';
import {scratchDir} from '../helpers/scratch.js';

// berth stats as a user runs it (bin/berth.js, built), its engine behind a proxy that drops it.
const state = scratchDir('berth-stats-cli-');
const container = uniqueName('berth-stats-lost');

beforeAll(() => runTestContainer(container, ['sleep', '100000']), 60_000);

afterAll(() => {
  try {
    docker(['rm', '-f', container]);
  } catch {
    // Already gone.
  }
});

describe('berth stats, streaming', () => {
  test('the engine lost: said on stderr within seconds (when, why, that it retries); its return said, figures go on', async () => {
    const run = await berthBehindProxy(['stats', '--json', container], state);
    try {
      await run.waitFor('stdout', new RegExp(`"name":"${container}"`));
      // Every connection reset, and every new one, until the mode is set back: the engine gone.
      await run.proxy.cutAfter(1);
      const lostAt = Date.now();
      await run.waitFor('stderr', /connection lost/, 15_000);
      expect(Date.now() - lostAt).toBeLessThan(10_000);
      expect(run.stderr().trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^berth: \\d\\d:\\d\\d:\\d\\d engine ${run.proxy.url('tcp')}: connection lost \\(.+\\): the engine stopped or ` +
              'restarted, or the network dropped; retrying every 1 s and going on when it is back \\(ctrl-c to stop\\)$',
          ),
        ),
      ]);
      const shown = run.stdout().length;
      run.proxy.mode = 'pass';
      await run.waitFor('stderr', /is back after \d+ s; going on\n$/, 15_000);
      await run.waitFor('stdout', new RegExp(`[^]{${shown}}[^]*"name":"${container}"`), 15_000);
      expect(run.child.exitCode).toBeNull();
    } finally {
      await run.stop();
    }
  }, 60_000);
});
