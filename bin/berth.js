#!/usr/bin/env -S node --max-semi-space-size=4
// --max-semi-space-size: a small young generation keeps RSS ~20 MB lower while following chatty logs (the
// allocation rate is high, the survivors few): following 5,000 lines/s measured 149 → ~133 MB RSS, and 4 MB
// rather than 2 keeps the collector cheap enough (CPU 5.3× → 4.3× docker logs -f; bench/, docs/benchmarks.md).
// The entry point runs the compiled bundle: in a clone `npm install` builds it (the prepare script, which `npm pack`
// runs too), and the packed package carries it, so an install from the tarball builds nothing.
import {existsSync} from 'node:fs';

const bundle = new URL('../dist/berth.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(
    'berth: dist/berth.js is missing; run "npm install" (or "npm run build") in the berth directory\n',
  );
  process.exit(1);
}
await import(bundle.href);
