import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import Output from '../../../node_modules/ink/build/output.js';

type Op =
  {type: 'write'; x: number; y: number; text: string} | {type: 'clip'; clip: Record<string, number>} | {type: 'unclip'};
type Case = {width: number; height: number; ops: Op[]; expected: string};

// Each recorded case drawn twice (the second time the lines kept from the first are used), as Ink 6.8.0 drew it.
function drawsAsRecorded(fixture: string, count: number): void {
  const {cases} = JSON.parse(readFileSync(new URL(`../../fixtures/${fixture}`, import.meta.url), 'utf8')) as {
    cases: Case[];
  };
  expect(cases.length).toBe(count);
  for (let round = 0; round < 2; round++) {
    for (const [index, c] of cases.entries()) {
      const output = new Output({width: c.width, height: c.height});
      for (const op of c.ops) {
        if (op.type === 'write') output.write(op.x, op.y, op.text, {transformers: []});
        else if (op.type === 'clip') output.clip(op.clip as never);
        else output.unclip();
      }
      expect(output.get().output, `case ${index}, round ${round}`).toBe(c.expected);
    }
  }
}

// patches/ink+6.8.0.patch rewrites how Output.get() builds a frame (shared blank cells, styled lines kept
// between frames): every case must come out as unpatched Ink 6.8.0 drew it (the fixture was made with it),
// also when the same lines come back in later frames.
test('the patched frame builder draws exactly what Ink 6.8.0 drew', () => {
  drawsAsRecorded('ink-output-cases.json', 300);
});

// Rows of printable ASCII, SGR sequences and lone symbols (list rows) are read without the tokenizer, with one shared
// state per style: they must come out as unpatched Ink 6.8.0 drew them (test/fixtures/make-ink-sgr-cases.mjs made
// the fixture), again when the same rows come back, and past the 1,000 styles after which the table is emptied.
test('rows of ASCII, SGR sequences and symbols draw exactly as Ink 6.8.0 drew them', () => {
  drawsAsRecorded('ink-output-sgr-cases.json', 201);
});

// Ink's measureText and wrapText cached every text they ever saw (a Map and an object that never forgot): a
// followed log drew new lines for ever, so the heap grew for ever. The patch keeps two bounded generations.
test('measuring and wrapping 40,000 different texts leaves the heap where it was', async () => {
  const {setFlagsFromString} = await import('node:v8');
  const {runInNewContext} = await import('node:vm');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const {default: measureText} = await import('../../../node_modules/ink/build/measure-text.js');
  const {default: wrapText} = await import('../../../node_modules/ink/build/wrap-text.js');
  const line = (i: number) => `${i} the quick brown fox jumps over the lazy dog, a line of a chatty container's log`;
  expect(measureText(line(7)).width).toBe(line(7).length);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 40_000; i++) {
    measureText(line(i));
    wrapText(line(i), 40, 'truncate-end');
  }
  gc();
  const grown = (process.memoryUsage().heapUsed - before) / 1e6;
  // Unbounded, the 80,000 entries held ~18 MB; bounded, a few thousand entries are ~1-2 MB.
  expect(grown).toBeLessThan(6);
  expect(wrapText(line(1), 20, 'truncate-end')).toBe('1 the quick brown f…');
}, 120_000);

// Ink 6.8's wrapText cache key was text + width + wrap type, so ('ab', 12) and ('ab1', 2) shared one entry and the
// second call got the first one's answer.
test('wrapping a text cannot return the answer for another text and width', async () => {
  const {default: wrapText} = await import('../../../node_modules/ink/build/wrap-text.js');
  expect(wrapText('abcdef', 12, 'wrap')).toBe('abcdef');
  expect(wrapText('abcdef1', 2, 'wrap')).toBe('ab\ncd\nef\n1');
});

// Plain printable ASCII lines (a log pane's rows) skip the ANSI tokenizer and share one cell per character; what
// they draw, alone or under and over styled and wide text, is what the tokenized path drew (checked against it).
test('plain ASCII lines draw as tokenized ones did, alone and mixed with styled and wide text', () => {
  const ascii = Array.from({length: 0x7f - 0x20}, (_, i) => String.fromCharCode(0x20 + i)).join('');
  const output = new Output({width: 120, height: 5});
  output.write(1, 0, ascii, {transformers: []});
  output.write(0, 1, 'plain text under', {transformers: []});
  output.write(6, 1, '\u001B[31mred\u001B[39m', {transformers: []});
  output.write(0, 2, '日本 wide', {transformers: []});
  output.write(2, 2, 'ab', {transformers: []});
  output.write(0, 3, 'trailing spaces   ', {transformers: []});
  output.write(0, 4, 'a\tb', {transformers: []});
  expect(output.get().output.split('\n')).toEqual([
    ` ${ascii.trimEnd()}`,
    'plain \u001B[31mred\u001B[39mt under',
    '日ab wide',
    'trailing spaces',
    'a\tb',
  ]);
});

// A row whose cells are those of the previous frame's row is reused, not rebuilt: frames that change one row (a
// stats cell, a log line) must still come out exactly as if every row were built afresh.
test('frames that change some rows draw the same as frames built from nothing', () => {
  const rows = (n: number) => [
    '\u001B[1m title \u001B[22m',
    `plain ${n % 3}`,
    `\u001B[31mred ${n % 2}\u001B[39m and plain`,
    '日本 wide',
    'unchanged',
  ];
  const draw = (lines: string[], width: number) => {
    const output = new Output({width, height: lines.length});
    lines.forEach((line, y) => output.write(1, y, line, {transformers: []}));
    return output.get().output;
  };
  const expected = (lines: string[]) => lines.map(line => ` ${line}`.replace(/ +$/, '')).join('\n');
  for (let n = 0; n < 12; n++) {
    const width = n % 4 === 3 ? 30 : 40;
    expect(draw(rows(n), width), `frame ${n}`).toBe(expected(rows(n)));
  }
  expect(draw(['a', 'b'], 40)).toBe(' a\n b');
  expect(draw(['a', 'b', 'c'], 40)).toBe(' a\n b\n c');
});

// A log's colours are untrusted: escapes that differ in their text and not in their effect (end codes before a
// colour) would each be a way between two styles kept for ever. The table of styles is emptied past 4,000 ways.
test('rows whose SGR sequences differ only in their text leave the heap where it was, and draw right', async () => {
  const {setFlagsFromString} = await import('node:v8');
  const {runInNewContext} = await import('node:vm');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const ends = ['0', '22', '23', '24', '27', '28', '29', '39', '49'];
  const escape = (i: number) => {
    const codes: string[] = [];
    for (let n = i; codes.length < 5; n = Math.floor(n / ends.length)) codes.push(ends[n % ends.length] as string);
    return `\u001B[${codes.join(';')};31m`;
  };
  const draw = (from: number) => {
    const output = new Output({width: 10, height: 100});
    for (let y = 0; y < 100; y++) output.write(0, y, `${escape(from + y)}row${(from + y) % 10}`, {transformers: []});
    return output.get().output;
  };
  draw(0);
  gc();
  const before = process.memoryUsage().heapUsed;
  let last = '';
  for (let from = 0; from < 38_000; from += 100) last = draw(from);
  gc();
  const grown = (process.memoryUsage().heapUsed - before) / 1e6;
  expect(last.split('\n').slice(0, 2)).toEqual(['\u001B[31mrow0\u001B[39m', '\u001B[31mrow1\u001B[39m']);
  // Kept for ever, the 38,000 escapes and their ways held ~30 MB; bounded, at most 4,000 of them.
  expect(grown).toBeLessThan(3);
}, 60_000);
