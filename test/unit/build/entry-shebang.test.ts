import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {expect, test} from 'vitest';

import {scratchDir} from '../../helpers/scratch.js';

// berth as installed runs bin/berth.js as an executable: its first line gives the process one malloc arena (RSS ~10 MB
// lower once V8's helper threads have worked), a trim threshold glibc does not raise, and a small young generation. A probe loaded by Node before berth
// reports what the process got; at its exit, after berth put the flag back to its default (so Node 20 and 22 use
// their built-in modules' code cache), it makes short-lived garbage and keeps some: the young generation must stay
// near 2 × 4 MB (V8's own default lets it grow to 32 MB on Node 20, more on 24).
test('the executable runs with one malloc arena, a fixed trim threshold and an 8 MB young generation', () => {
  const dir = scratchDir('berth-shebang-');
  const probe = join(dir, 'probe.cjs');
  const out = join(dir, 'seen.json');
  writeFileSync(
    probe,
    `const seen = {arenas: process.env.MALLOC_ARENA_MAX, trim: process.env.MALLOC_TRIM_THRESHOLD_, flags: process.execArgv};
process.on('exit', () => {
  seen.v8Loaded = process.moduleLoadList.includes('NativeModule v8');
  seen.major = Number(process.versions.node.split('.')[0]);
  const v8 = require('node:v8');
  let keep = [];
  let young = 0;
  for (let i = 0; i < 2e6; i++) {
    keep.push({i, text: 'x' + i});
    if (keep.length > 200000) keep = keep.slice(100000);
    if (i % 50000 === 0) young = Math.max(young, v8.getHeapSpaceStatistics().find(s => s.space_name === 'new_space').space_size);
  }
  require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({...seen, young}));
});`,
  );
  const {MALLOC_ARENA_MAX: _, MALLOC_TRIM_THRESHOLD_: __, ...env} = process.env;
  // Run as a program (its first line applies), not through node.
  const result = spawnSync(resolve('bin', 'berth.js'), ['--version'], {
    encoding: 'utf8',
    env: {...env, NODE_OPTIONS: `--require ${probe}`},
  });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^berth \S+\n$/);
  const seen = JSON.parse(readFileSync(out, 'utf8')) as {
    arenas?: string;
    trim?: string;
    flags: string[];
    young: number;
    v8Loaded: boolean;
    major: number;
  };
  expect(seen.arenas).toBe('1');
  expect(seen.trim).toBe('131072');
  expect(seen.flags).toContain('--max-semi-space-size=4');
  expect(seen.young).toBeGreaterThan(0);
  // Two 4 MB semi-spaces: 8 MB on Node 20 and 22; V8 13 (Node 24) reports up to ~11 MB for them. Without the flag the
  // young generation grows to 32 MB (Node 20) and 128 MB (Node 24).
  expect(seen.young).toBeLessThanOrEqual(16 * 1048576);
  // On Node 20 and 22 the flag is put back through the binding, without loading node:v8 (and the modules it loads,
  // compiled without Node's cache while the flag differs), and without a deprecation warning.
  if (seen.major < 24) expect(seen.v8Loaded).toBe(false);
  expect(result.stderr).toBe('');
});
