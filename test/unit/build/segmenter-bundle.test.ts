import {join} from 'node:path';
import {expect, test} from 'vitest';

import {segmenterOnDemand} from '../../../scripts/segmenter-on-demand.mjs';
import {isolatedSegments} from '../../../source/text/isolated-segments.js';
import {bundleCountingSegmenters} from '../../helpers/segmenter-probe.js';

// Ink's own copies, as published (dependencies of Ink, not of berth: loaded from where npm put them).
type Tokenize = (text: string, endCharacter?: number) => unknown[];
type SliceAnsi = (text: string, from: number, to?: number) => string;
const inkDependency = (path: string) => import(join(process.cwd(), 'node_modules', path));
const {tokenize} = (await inkDependency('@alcalzone/ansi-tokenize/build/index.js')) as {tokenize: Tokenize};
const {default: sliceAnsi} = (await inkDependency('slice-ansi/index.js')) as {default: SliceAnsi};

// The bundle's tokenizers (scripts/segmenter-on-demand.mjs) must cut and tokenize every text as the published ones
// do, and must not make an Intl.Segmenter when loaded, nor for text of isolated characters and ANSI codes.
const ISOLATED = [
  'plain ascii',
  '\x1b[31mred\x1b[39m · \x1b[1mbold\x1b[22m and more',
  'bench-idle-001 · Up 3 minutes … │ ─ ▲ ▼ → ✓ ⣿',
  '漢字かなカナ한국어 wide',
  '\x1b]8;;https://example.com\x07link\x1b]8;;\x07 after',
  '¡±×µ ΑΩ Жж ‰ ′ ← ↔ ∑ ≤ ≥',
  '',
];
const JOINING = [
  'e\u0301 combining',
  '👍 👩‍👩‍👧 🇫🇷 1️⃣ ❤️ ⌚ ◽',
  'a\x1b[31m\u0301b\x1b[39m split by a code',
  'soft\u00adhyphen zero\u200bwidth',
  '\u1100\u1161\u11a8 jamo',
  'cr\r\nlf',
];

test('text of isolated characters is one cluster per character, as Intl.Segmenter says', () => {
  const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
  for (const text of [...ISOLATED, '\x1b\x1b[', 'ab\x1bc']) {
    const ours = isolatedSegments(text);
    expect(ours, text).toBeDefined();
    expect(
      [...ours!].map(s => [s.segment, s.index]),
      text,
    ).toEqual([...segmenter.segment(text)].map(s => [s.segment, s.index]));
    for (let i = -1; i <= text.length; i++)
      expect(ours!.containing(i)?.segment, `${text} @${i}`).toBe(segmenter.segment(text).containing(i)?.segment);
  }
  for (const text of JOINING) expect(isolatedSegments(text), text).toBeUndefined();
});

test('the bundled tokenizers cut like the published ones and make no segmenter for isolated text', async () => {
  const bundled = await bundleCountingSegmenters<{tokenize: Tokenize; sliceAnsi: SliceAnsi}>(
    "const {tokenize} = await import('@alcalzone/ansi-tokenize');\nconst {default: sliceAnsi} = await import('slice-ansi');\nexport {tokenize, sliceAnsi};",
    segmenterOnDemand,
  );
  const check = (text: string) => {
    expect(bundled.tokenize(text), text).toEqual(tokenize(text));
    expect(bundled.tokenize(text, 5), text).toEqual(tokenize(text, 5));
    for (const [from, to] of [
      [0, 4],
      [2, 9],
      [1, undefined],
    ] as const)
      expect(bundled.sliceAnsi(text, from, to), `${text} ${from}-${to}`).toBe(sliceAnsi(text, from, to));
  };
  expect(bundled.made.length).toBe(0);
  for (const text of ISOLATED) check(text);
  expect(bundled.made.length).toBe(0);
  for (const text of JOINING) check(text);
  expect(bundled.made.length).toBeGreaterThan(0);
});
