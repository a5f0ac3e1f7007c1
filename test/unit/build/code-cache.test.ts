import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from 'vitest';

import {scratchDir} from '../../helpers/scratch.js';

// bin/berth.js hands V8 the code it compiled on an earlier start (vm.Script's cachedData, on every Node berth runs
// on), kept in the user's cache directory, keyed by the bundle's hash and Node's version; what V8 refuses is made
// again, and a cache that cannot be read or written never stops berth. The bundle says in its trace what it found.
const build = /^\/\/ berth-build ([0-9a-f]{32})\n/.exec(readFileSync('dist/berth.cjs', 'latin1').slice(0, 64))?.[1];

function runVersion(home: string, env: NodeJS.ProcessEnv = {}) {
  const trace = join(home, `trace-${Math.random().toString(36).slice(2)}.jsonl`);
  const result = spawnSync(process.execPath, ['bin/berth.js', '--version'], {
    encoding: 'utf8',
    env: {...process.env, XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: undefined, BERTH_TRACE: trace, ...env},
  });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stderr).toBe('');
  expect(result.stdout).toMatch(/^berth \S+\n$/);
  return result;
}

const cacheDir = (home: string) => join(home, 'berth', 'code-cache');
const cacheFile = (home: string) => join(cacheDir(home), `${build}-${process.version}-${process.arch}.bin`);

// The state bin/berth.js reported, read back through a start that traces it (only the UI writes its trace
// at start; a headless command is asked through the same global here).
function stateOf(home: string, env: NodeJS.ProcessEnv = {}): string {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `process.argv[1] = 'bin/berth.js'; process.argv.splice(2, 0, '--version'); require('./bin/berth.js'); process.stdout.write(' ' + globalThis[Symbol.for('berth.codeCache')].state)`,
    ],
    {encoding: 'utf8', env: {...process.env, XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: undefined, ...env}},
  );
  expect(probe.status, probe.stderr).toBe(0);
  return probe.stdout.trim().split(' ').at(-1) ?? '';
}

test('the bundle names its build, and is ASCII (read as one-byte text)', () => {
  expect(build).toMatch(/^[0-9a-f]{32}$/);
  const bytes = readFileSync('dist/berth.cjs');
  const wide = bytes.findIndex(byte => byte > 0x7f);
  expect(wide, wide >= 0 ? bytes.subarray(Math.max(0, wide - 60), wide + 10).toString() : '').toBe(-1);
});

// bin/berth.js runs the bundle as a vm.Script, which cannot import(): an import() esbuild leaves in it (one of a
// module it does not bundle, such as node:v8) throws when reached (SIGUSR2 with BERTH_HEAP_SNAPSHOTS crashed berth).
test('the bundle holds no import() expression', () => {
  expect(readFileSync('dist/berth.cjs', 'latin1').match(/\bimport\((?!\))/g) ?? []).toEqual([]);
});

test(`a start leaves a cache of what it compiled, which the next start uses (Node ${process.version})`, () => {
  const home = scratchDir('berth-code-cache-');
  expect(stateOf(home)).toBe('none');
  runVersion(home);
  expect(existsSync(cacheFile(home))).toBe(true);
  expect(readFileSync(cacheFile(home)).subarray(0, 1).toString()).toBe('c');
  expect(stateOf(home)).toBe('loaded');
});

test('a cache V8 refuses (another build, flags, damage) is made again, and berth starts all the same', () => {
  const home = scratchDir('berth-code-cache-');
  runVersion(home);
  const good = readFileSync(cacheFile(home));
  writeFileSync(cacheFile(home), Buffer.concat([Buffer.from('c'), Buffer.alloc(good.length - 1, 7)]));
  expect(stateOf(home)).toBe('rejected');
  runVersion(home);
  expect(readFileSync(cacheFile(home)).equals(good)).toBe(false);
  expect(stateOf(home)).toBe('loaded');
  // Other V8 flags: V8 refuses the cache rather than run code made for other settings.
  expect(stateOf(home, {NODE_OPTIONS: '--expose-gc'})).toBe('rejected');
});

test('a cache directory that cannot be written costs nothing but the time', () => {
  const home = scratchDir('berth-code-cache-');
  writeFileSync(join(home, 'berth'), 'a file where the directory would be');
  runVersion(home);
  expect(stateOf(home)).toBe('none');
  if (process.getuid?.() !== 0) {
    const locked = scratchDir('berth-code-cache-');
    chmodSync(locked, 0o500);
    runVersion(locked);
    chmodSync(locked, 0o700);
  }
});

test('NODE_DISABLE_COMPILE_CACHE=1 turns it off and leaves no cache', () => {
  const home = scratchDir('berth-code-cache-');
  runVersion(home, {NODE_DISABLE_COMPILE_CACHE: '1'});
  expect(existsSync(cacheDir(home))).toBe(false);
  expect(stateOf(home, {NODE_DISABLE_COMPILE_CACHE: '1'})).toBe('off');
});

test('other builds’ caches are cleared but for the newest few', () => {
  const home = scratchDir('berth-code-cache-');
  runVersion(home);
  for (let i = 0; i < 6; i++) writeFileSync(join(cacheDir(home), `${String(i).repeat(32)}-v0-x64.bin`), 'old');
  writeFileSync(cacheFile(home), 'c');
  runVersion(home);
  const left = readdirSync(cacheDir(home)).filter(name => name.endsWith('.bin'));
  expect(left.length).toBe(4);
  expect(left).toContain(`${build}-${process.version}-${process.arch}.bin`);
});

test('a cache made by a headless command is made again by the UI, even one quit before its 2 s', () => {
  const home = scratchDir('berth-code-cache-');
  runVersion(home);
  expect(readFileSync(cacheFile(home)).subarray(0, 1).toString()).toBe('c');
  // What source/code-cache.ts does when the UI is up, then an exit before its timer.
  const ui = spawnSync(
    process.execPath,
    [
      '-e',
      "process.argv.splice(1, 0, 'bin/berth.js', '--version'); require('./bin/berth.js'); globalThis[Symbol.for('berth.codeCache')].maker = 'ui'",
    ],
    {encoding: 'utf8', env: {...process.env, XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: undefined}},
  );
  expect(ui.status, ui.stderr).toBe(0);
  expect(readFileSync(cacheFile(home)).subarray(0, 1).toString()).toBe('u');
  // …and a headless command leaves the UI's cache alone.
  const before = readFileSync(cacheFile(home));
  runVersion(home);
  expect(readFileSync(cacheFile(home)).equals(before)).toBe(true);
});
