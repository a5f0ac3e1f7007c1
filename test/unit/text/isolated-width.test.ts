import stringWidth from 'string-width';
import {expect, test} from 'vitest';

import {isolatedTextWidth, isolatedWidth} from '../../../source/text/isolated-width.js';

// Every character the table answers for is measured as string-width measures it (what Ink lays out with) and is a
// grapheme of its own, next to ASCII and next to itself: text made only of them needs no segmenting.
test('every character with a width in the table is measured as string-width measures it, alone in its grapheme', () => {
  const segmenter = new Intl.Segmenter();
  const wrong: string[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    const width = isolatedWidth(code);
    if (width === 0) continue;
    const character = String.fromCharCode(code);
    const graphemes = [...segmenter.segment(`a${character}a${character}${character}`)].length;
    if (stringWidth(character) !== width || graphemes !== 5) wrong.push(code.toString(16));
  }
  expect(wrong).toEqual([]);
});

test('text of isolated characters is measured from the table; anything else is left to string-width', () => {
  expect(isolatedTextWidth('bench-idle-001 · Up 3 minutes …')).toBe(31);
  expect(isolatedTextWidth('│ ─ ▲ ▼ → ✓ ⣿ 漢字')).toBe(18);
  expect(isolatedTextWidth('')).toBe(0);
  for (const text of ['e\u0301', '👍', '⌚', '\u25fd', 'a\ufe0f', '\u00ad', 'x\u200dy', '\u1100\u1161', '🇫🇷'])
    expect(isolatedTextWidth(text), text).toBe(-1);
});

// The one-test fast path for one-cell text must agree with the table, character by character.
test('text measured in one test is measured as the table measures it, for every character', () => {
  const wrong: string[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const width = isolatedWidth(code);
    const text = `a${String.fromCharCode(code)}·`;
    if (isolatedTextWidth(text) !== (width === 0 ? -1 : width + 2)) wrong.push(code.toString(16));
  }
  expect(wrong).toEqual([]);
});
