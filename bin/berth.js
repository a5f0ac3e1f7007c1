#!/usr/bin/env -S node --max-semi-space-size=4
// --max-semi-space-size: a small young generation keeps RSS ~20 MB lower while following chatty logs (the
// allocation rate is high, the survivors few): following 5,000 lines/s measured 149 → ~133 MB RSS, and 4 MB
// rather than 2 keeps the collector cheap enough (CPU 5.3× → 4.3× docker logs -f; bench/, docs/benchmarks.md).
// The entry point runs the compiled bundle: in a clone `npm install` builds it (the prepare script, which `npm pack`
// runs too), and the packed package carries it, so an install from the tarball builds nothing.
import {existsSync} from 'node:fs';
import module from 'node:module';
import {homedir} from 'node:os';
import {isAbsolute, join} from 'node:path';

const bundle = new URL('../dist/berth.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    'berth: dist/berth.js is missing; run "npm install" (or "npm run build") in the berth directory\n',
  );
  process.exit(1);
}
// V8's compile cache (Node 22.1 and later; Node 20 has no such call): the bundle's code is compiled once and kept
// on disk, so a later start skips parsing and compiling the UI's modules: loading them took 116 ms of CPU on Node 24
// without it and 96 with it (docs/benchmarks.md, "Start"). In the user's own cache directory, not the shared temporary one:
// another user could plant code there. NODE_DISABLE_COMPILE_CACHE=1 turns it off (the benchmark compares both).
const cacheHome =
  process.env.XDG_CACHE_HOME && isAbsolute(process.env.XDG_CACHE_HOME)
    ? process.env.XDG_CACHE_HOME
    : join(homedir(), '.cache');
try {
  module.enableCompileCache?.(join(cacheHome, 'berth', 'compile-cache'));
} catch {
  // A cache that cannot be had costs nothing but the time it would have saved.
}
await import(bundle.href);
