import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from 'vitest';

import {scratchDir} from '../../helpers/scratch.js';

// berth as installed runs bin/berth.js as an executable: its first line gives the process one malloc arena (RSS ~10 MB
// lower once V8's helper threads have worked) and a small young generation. A probe loaded by Node before berth
// reports what the process got.
test('the executable runs with MALLOC_ARENA_MAX=1 and --max-semi-space-size=4', () => {
  const dir = scratchDir('berth-shebang-');
  const probe = join(dir, 'probe.cjs');
  const out = join(dir, 'seen.json');
  writeFileSync(
    probe,
    `require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({arenas: process.env.MALLOC_ARENA_MAX, flags: process.execArgv}));`,
  );
  const {MALLOC_ARENA_MAX: _, ...env} = process.env;
  const result = spawnSync('./bin/berth.js', ['--version'], {
    encoding: 'utf8',
    env: {...env, NODE_OPTIONS: `--require ${probe}`},
  });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^berth \S+\n$/);
  const seen = JSON.parse(readFileSync(out, 'utf8')) as {arenas?: string; flags: string[]};
  expect(seen.arenas).toBe('1');
  expect(seen.flags).toContain('--max-semi-space-size=4');
});
