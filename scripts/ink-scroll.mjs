// Wires source/ui/scroll-lines.ts into Ink 6.8's incremental writer at build time (node_modules is not edited:
// patches/ink+6.8.0.patch is applied there already). After the writer moved the cursor to the frame's first row
// and before it compares the frames line by line, a scroll found between them is done by the terminal (DL/IL) and
// the comparison starts from what the screen then shows. Same line counts only (a frame that grew or shrank is
// left to Ink). BERTH_SCROLL=0 turns it off (bench comparisons).
import {fileURLToPath} from 'node:url';

const ANCHOR = 'for (let i = 0; i < visibleCount; i++) {\n            const isLastLine = i === visibleCount - 1;';

export const SCROLL_MODULE = fileURLToPath(new URL('../source/ui/scroll-lines.ts', import.meta.url));

export function withScroll(source, modulePath = SCROLL_MODULE) {
  const at = source.indexOf(ANCHOR);
  if (at < 0 || source.indexOf(ANCHOR, at + 1) >= 0)
    throw new Error('ink/build/log-update.js changed; review scripts/ink-scroll.mjs');
  const call =
    'if (visibleCount === previousVisible && __berthScrollOn) {\n' +
    '            const scroll = __berthScrollLines(previousLines, nextLines, visibleCount);\n' +
    '            if (scroll) {\n' +
    '                buffer.push(scroll.escape);\n' +
    '                previousLines = scroll.previous;\n' +
    '            }\n' +
    '        }\n        ';
  const header = `import {scrollLines as __berthScrollLines} from ${JSON.stringify(modulePath)};\nconst __berthScrollOn = process.env.BERTH_SCROLL !== '0';\n`;
  return header + source.slice(0, at) + call + source.slice(at);
}

export const inkScroll = {
  name: 'ink-scroll',
  setup(b) {
    b.onLoad({filter: /ink[\\/]build[\\/]log-update\.js$/}, async args => {
      const {readFile} = await import('node:fs/promises');
      return {contents: withScroll(await readFile(args.path, 'utf8')), loader: 'js'};
    });
  },
};
