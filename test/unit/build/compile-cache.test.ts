import {spawnSync} from 'node:child_process';
import {existsSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from 'vitest';

import {scratchDir} from '../../helpers/scratch.js';

// bin/berth.js keeps V8's compiled code in the user's cache directory where Node can (22.1 and later), and starts
// as before where it cannot (Node 20 has no module.enableCompileCache).
const nodeModule = (await import('node:module')).default as {enableCompileCache?: unknown};
const hasCache = typeof nodeModule.enableCompileCache === 'function';

function runVersion(env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['bin/berth.js', '--version'], {encoding: 'utf8', env: {...process.env, ...env}});
}

test(`the compile cache goes to $XDG_CACHE_HOME/berth/compile-cache (Node ${process.version}: ${hasCache ? 'has one' : 'has none'})`, () => {
  const home = scratchDir('berth-compile-cache-');
  const result = runVersion({XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: undefined});
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^berth \S+\n$/);
  const dir = join(home, 'berth', 'compile-cache');
  if (hasCache) expect(readdirSync(dir, {recursive: true}).length).toBeGreaterThan(0);
  else expect(existsSync(dir)).toBe(false);
});

test('NODE_DISABLE_COMPILE_CACHE=1 leaves no cache', () => {
  const home = scratchDir('berth-compile-cache-');
  const result = runVersion({XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: '1'});
  expect(result.status, result.stderr).toBe(0);
  expect(existsSync(join(home, 'berth', 'compile-cache'))).toBe(false);
});
