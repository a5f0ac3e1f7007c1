import {readFile} from 'node:fs/promises';
import {fileURLToPath} from 'node:url';

// Ink's two tokenizers (@alcalzone/ansi-tokenize for every line it writes, slice-ansi for every line it cuts) make an
// Intl.Segmenter when they are loaded and segment every text with it. The first one loads ICU's break data: ~9 ms of
// every start on this machine, before the first frame. Here each makes its segmenter on first use, and text made only
// of characters that never join a neighbour (and ESC) is split one cluster per character without it
// (source/text/isolated-segments.ts; test/unit/build/segmenter-bundle.test.ts compares both with the published ones).
const EDITS = [
  {
    file: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/,
    from: 'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });',
    to: 'let segmenterMade; const segmenter = {segment: text => isolatedSegments(text) ?? (segmenterMade ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })).segment(text)};',
  },
  {
    file: /[\\/]slice-ansi[\\/]tokenize-ansi\.js$/,
    from: "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
    to: "let segmenterMade; const GRAPHEME_SEGMENTER = {segment: text => isolatedSegments(text) ?? (segmenterMade ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})).segment(text)};",
  },
];

export const segmenterOnDemand = {
  name: 'segmenter-on-demand',
  setup(b) {
    const isolated = fileURLToPath(new URL('../source/text/isolated-segments.ts', import.meta.url));
    for (const {file, from, to} of EDITS)
      b.onLoad({filter: file}, async args => {
        const source = await readFile(args.path, 'utf8');
        if (source.split(from).length !== 2)
          throw new Error(`${args.path} changed; review segmenterOnDemand in scripts/segmenter-on-demand.mjs`);
        return {
          contents: `import {isolatedSegments} from ${JSON.stringify(isolated)};\n${source.replace(from, to)}`,
          loader: 'js',
        };
      });
  },
};
