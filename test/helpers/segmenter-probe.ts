import {build, type Plugin} from 'esbuild';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';

import {scratchDir} from './scratch.js';

// A dependency bundled with one of the build's plugins (scripts/), with Intl.Segmenter counted: `made` grows by one
// for each segmenter made, from loading on. `imports` are the entry's lines that import and re-export what is tested.
export async function bundleCountingSegmenters<T>(imports: string, plugin: Plugin): Promise<T & {made: number[]}> {
  const dir = scratchDir('berth-segmenter-probe-');
  const entry = join(dir, 'entry.mjs');
  writeFileSync(
    entry,
    'const made = []; const Real = Intl.Segmenter; Intl.Segmenter = class extends Real { constructor(...a) { super(...a); made.push(1); } };\n' +
      `${imports}\nexport {made};\n`,
  );
  const out = join(dir, 'bundle.mjs');
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    nodePaths: [join(process.cwd(), 'node_modules')],
    plugins: [plugin],
    logLevel: 'silent',
  });
  return (await import(out)) as T & {made: number[]};
}
