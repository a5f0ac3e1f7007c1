// Characters that never join a neighbouring grapheme cluster, with their fixed width: printable ASCII, the Latin,
// Greek and Cyrillic letters without combining marks, the punctuation, arrows, maths, box drawing, block, shape and
// braille characters berth draws (1), and the wide CJK ideographs, kana and Hangul syllables (2). 0 means "ask
// string-width". Measuring text made only of these needs neither Intl.Segmenter nor the emoji regular expression,
// whose first use costs ~9 and ~14 ms of a start (docs/benchmarks.md, "Start"). The widths are string-width's
// (what Ink lays out with); test/unit/text/isolated-width.test.ts checks every one of them against it.
const NARROW: readonly (readonly [number, number])[] = [
  [0xa0, 0xac], // Latin-1's printable half, but the soft hyphen (0 wide)
  [0xae, 0x2ff],
  [0x370, 0x482], // Greek, Cyrillic (their combining marks start at 0x483)
  [0x2010, 0x2027], // dashes, quotes, bullets, the ellipsis
  [0x2030, 0x205e],
  [0x2190, 0x22ff], // arrows, mathematical operators
  [0x23ce, 0x23ce], // ⏎
  [0x2500, 0x25fc], // box drawing, blocks, shapes (0x25fd and 0x25fe are emoji, 2 wide)
  [0x2713, 0x2718], // check marks and crosses
  [0x2800, 0x28ff], // braille (sparklines)
];
const WIDE: readonly (readonly [number, number])[] = [
  [0x4e00, 0x9fff],
  [0x3041, 0x3096],
  [0x30a1, 0x30fa],
  [0xac00, 0xd7a3],
];

function inRanges(code: number, ranges: readonly (readonly [number, number])[]): boolean {
  for (const [first, last] of ranges) if (code >= first && code <= last) return true;
  return false;
}

export function isolatedWidth(code: number): number {
  if (code >= 0x20 && code <= 0x7e) return 1;
  if (code < 0xa0) return 0;
  if (inRanges(code, NARROW)) return 1;
  return inRanges(code, WIDE) ? 2 : 0;
}

export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

// Text made only of one-cell characters (printable ASCII and NARROW), in one native test: a container's status reads
// `exited 0 · 2h ago`, and the per-character loop below ran for most rows of a 1,000-container start (~3 ms there).
const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const NARROW_TEXT = new RegExp(
  `^[\\x20-\\x7e${NARROW.map(([first, last]) => `${hex(first)}-${hex(last)}`).join('')}]*$`,
);

/** The width of `text` if every character in it is isolated, or -1. */
export function isolatedTextWidth(text: string): number {
  // Most text on screen (names, images, statuses): one native test rather than a call per character, which counted
  // at start, when this code is not yet optimised (~5 ms of the first frame of a 1,000-container list).
  if (PRINTABLE_ASCII.test(text) || NARROW_TEXT.test(text)) return text.length;
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const cells = isolatedWidth(text.charCodeAt(i));
    if (cells === 0) return -1;
    width += cells;
  }
  return width;
}
