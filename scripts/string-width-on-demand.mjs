import {readFile} from 'node:fs/promises';
import {sep} from 'node:path';
import {fileURLToPath} from 'node:url';

// string-width makes an Intl.Segmenter and its RGI-emoji regular expression when it is loaded: ~9 and ~14 ms of
// every start on this machine, before the first frame, though most text berth draws needs neither. Both are made
// on first use, and text made only of characters that never join a neighbour is measured from a table
// (source/text/isolated-width.ts, checked against string-width by its test). wrap-ansi's older copy of string-width
// (7.x, with emoji-regex) is replaced by the same one, so Ink measures all text one way.
export const stringWidthOnDemand = {
  name: 'string-width-on-demand',
  setup(b) {
    const current = fileURLToPath(import.meta.resolve('string-width'));
    const isolated = fileURLToPath(new URL('../source/text/isolated-width.ts', import.meta.url));
    b.onResolve({filter: /^string-width$/}, args =>
      args.importer.includes(`${sep}wrap-ansi${sep}`) ? {path: current} : undefined,
    );
    b.onLoad({filter: /[\\/]string-width[\\/]index\.js$/}, async args => {
      if (args.path !== current)
        throw new Error(
          `a second string-width was bundled (${args.path}); review stringWidthOnDemand in scripts/build.mjs`,
        );
      let source = await readFile(args.path, 'utf8');
      const edits = [
        [
          'const segmenter = new Intl.Segmenter();',
          'let segmenterMade; const segmenter = {segment: text => (segmenterMade ??= new Intl.Segmenter()).segment(text)};',
        ],
        [
          'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
          "let rgiMade; const rgiEmojiRegex = {test: text => (rgiMade ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text)};",
        ],
        [
          '\t\treturn string.length;\n\t}\n',
          '\t\treturn string.length;\n\t}\n\tif (ambiguousIsNarrow) {\n\t\tconst isolated = isolatedTextWidth(string);\n\t\tif (isolated !== -1) return isolated;\n\t}\n',
        ],
      ];
      for (const [from, to] of edits) {
        if (source.split(from).length !== 2)
          throw new Error('string-width changed; review stringWidthOnDemand in scripts/build.mjs');
        source = source.split(from).join(to);
      }
      return {contents: `import {isolatedTextWidth} from ${JSON.stringify(isolated)};\n${source}`, loader: 'js'};
    });
  },
};
