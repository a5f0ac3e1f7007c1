#!/usr/bin/env node
// The shipped entry point runs the compiled bundle; `npm install` builds it (the prepare script).
import {existsSync} from 'node:fs';

const bundle = new URL('../dist/berth.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('berth: dist/berth.js is missing; run "npm install" (or "npm run build") in the berth directory\n');
  process.exit(1);
}
await import(bundle.href);
