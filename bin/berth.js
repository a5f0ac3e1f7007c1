#!/usr/bin/env -S MALLOC_ARENA_MAX=1 MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=4
// --max-semi-space-size: a small young generation keeps RSS ~20 MB lower while following chatty logs (the
// allocation rate is high, the survivors few): following 5,000 lines/s measured 149 → ~133 MB RSS, and 4 MB
// rather than 2 keeps the collector cheap enough (CPU 5.3× → 4.3× docker logs -f; bench/, docs/benchmarks.md).
// MALLOC_ARENA_MAX=1: glibc gives each thread that allocates an arena of its own, and keeps what was freed in it; V8's
// helper threads (compiling, marking) left ~5–10 MB of RSS there once log panes were opened or chatty logs followed.
// One arena keeps that with the main thread's, where it is used again: following 5,000 lines/s 99 → 89 MB at the same
// CPU (docs/benchmarks.md, "Memory"). MALLOC_TRIM_THRESHOLD_=131072: glibc gives freed memory at the top of its heap
// back to the system past 128 KB, as it does by default until a large block is freed, after which it raises that
// to as much as 32 MB for the life of the process (ten log panes opened and left: RSS +7.3 → +4.7 MB). Programs berth
// starts (docker, compose) inherit both, harmlessly; without glibc they are ignored.
// The entry point runs the compiled bundle: in a clone `npm install` builds it (the prepare script, which `npm pack`
// runs too), and the packed package carries it, so an install from the tarball builds nothing.
// CommonJS (bin/package.json): Node starts a script ~13 ms sooner than an ES module on this kind of machine.
'use strict';
// V8 reads the young generation's size once, when it sets up the heap; the flag is then put back to its default:
// while a V8 flag differs from the one Node was built with, Node 20 and 22 refuse the code cache of their own modules
// (node:http, node:stream, …) and compile them on every start, ~11 ms of it (docs/benchmarks.md, "Start"). The heap
// keeps its small young generation (two 4 MB semi-spaces on Node 20, 22 and 24: test/unit/build/entry-shebang.test.ts).
// On Node 20 and 22 through the binding node:v8 wraps: node:v8 itself loads node:stream and a dozen more modules,
// compiled without that cache as the flag still differs (~10 ms). process.binding('v8') is deprecated (DEP0111):
// its warning, about berth's own use, is not shown. Node 24 has no such binding for scripts, and uses its cache anyway.
if (process.execArgv.some(flag => flag.startsWith('--max-semi-space-size='))) {
  let v8;
  if (Number(process.versions.node.split('.')[0]) < 24 && typeof process.binding === 'function') {
    const quiet = process.noDeprecation;
    process.noDeprecation = true;
    try {
      v8 = process.binding('v8');
    } catch {
      // Not there after all: node:v8 below.
    } finally {
      process.noDeprecation = quiet;
    }
  }
  (typeof v8?.setFlagsFromString === 'function' ? v8 : require('node:v8')).setFlagsFromString(
    '--max-semi-space-size=0',
  );
}
const {isAscii} = require('node:buffer');
const {mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync} = require('node:fs');
const {createRequire} = require('node:module');
const {homedir} = require('node:os');
const {dirname, isAbsolute, join} = require('node:path');
const vm = require('node:vm');

const bundle = join(__dirname, '..', 'dist', 'berth.cjs');

// V8's code cache: what the last start compiled is kept on disk and handed to V8 with the bundle, so a start skips
// parsing and compiling it (Node 20 has no cache for ES modules, which is why the bundle is a script; on Node 20 the
// first frame comes ~70 ms sooner: docs/benchmarks.md, "Start"). Keyed by the bundle's hash (its first line; V8
// itself compares only the source's length) and Node's version; V8 refuses a cache made by other flags, and then
// it is made again. In the user's own cache directory, not the shared temporary one: another user could plant code
// there. NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch for its cache) turns it off.
const cacheHome =
  process.env.XDG_CACHE_HOME && isAbsolute(process.env.XDG_CACHE_HOME)
    ? process.env.XDG_CACHE_HOME
    : join(homedir(), '.cache');

// In a function, so the file's bytes, the cache read and the unwrapped text are garbage once V8 has the script
// (~5 MB of idle RSS otherwise).
function compile() {
  let bytes;
  try {
    bytes = readFileSync(bundle);
  } catch {
    process.stderr.write(
      'berth: dist/berth.cjs is missing; run "npm install" (or "npm run build") in the berth directory\n',
    );
    process.exit(1);
  }
  // The build keeps the bundle ASCII: read as one-byte text it is decoded in a fraction of the time UTF-8 takes.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const build = /^\/\/ berth-build ([0-9a-f]{32})\n/.exec(source.slice(0, 64))?.[1];
  const file =
    build && !process.env.NODE_DISABLE_COMPILE_CACHE
      ? join(cacheHome, 'berth', 'code-cache', `${build}-${process.version}-${process.arch}.bin`)
      : undefined;
  // The first byte says who made the cache: the UI ('u', once it is up: everything a start runs) or a headless
  // command ('c', which runs a part of it; the UI makes it again).
  let cached;
  try {
    if (file) cached = readFileSync(file);
  } catch {
    // None yet.
  }
  const madeBy = cached?.length > 1 ? String.fromCharCode(cached[0]) : undefined;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    ...(madeBy ? {cachedData: cached.subarray(1)} : {}),
  });
  const state = !file ? 'off' : !madeBy ? 'none' : script.cachedDataRejected ? 'rejected' : 'loaded';
  return {script, file, madeBy, state};
}
const {script, file: cacheFile, madeBy, state} = compile();

const KEEP = 4;
let saved = false;
function save(kind) {
  if (saved || !cacheFile) return;
  if (state === 'loaded' && (madeBy === 'u' || kind === 'cli')) return;
  saved = true;
  const dir = dirname(cacheFile);
  // Written whole, then renamed: a berth starting meanwhile reads the old cache or the new one, never half of one.
  const partial = `${cacheFile}.${process.pid}.partial`;
  try {
    const data = script.createCachedData();
    mkdirSync(dir, {recursive: true, mode: 0o700});
    writeFileSync(partial, Buffer.concat([Buffer.from(kind === 'ui' ? 'u' : 'c'), data]), {mode: 0o600});
    renameSync(partial, cacheFile);
  } catch {
    // A cache that cannot be written (a full disk, no such directory) costs nothing but the time it would have saved.
    try {
      unlinkSync(partial);
    } catch {
      // Never made.
    }
    return;
  }
  try {
    // Other builds' caches (~1.5 MB each): the newest few are kept, for another install or Node used beside this one.
    const others = readdirSync(dir)
      .filter(name => name.endsWith('.bin') || name.endsWith('.partial'))
      .map(name => ({name, at: statSync(join(dir, name)).mtimeMs}))
      .sort((a, b) => b.at - a.at);
    const stalePartial = Date.now() - 60_000;
    let kept = 0;
    for (const {name, at} of others) {
      const keep = name.endsWith('.bin') ? ++kept <= KEEP : at > stalePartial;
      if (!keep) unlinkSync(join(dir, name));
    }
  } catch {
    // Another berth cleared them first.
  }
}
// The bundle reports its state in its trace, and the UI asks for the save once it is up and marks itself as the maker
// (source/code-cache.ts); what has not saved by the end saves then.
const codeCache = {state, save, maker: 'cli'};
globalThis[Symbol.for('berth.codeCache')] = codeCache;
process.on('exit', () => save(codeCache.maker));

const module_ = {exports: {}};
script.runInThisContext()(module_.exports, createRequire(bundle), module_, bundle, dirname(bundle));
