import stringWidth from 'string-width';
import {describe, expect, test} from 'vitest';
import {cellWidth, wrapCells} from '../../../source/text/cells.js';
import {seeded} from '../../helpers/seeded.js';

test('wraps by cells, keeping the last rows, never splitting a wide character', () => {
  expect(wrapCells('abcdefg', 3, 10)).toEqual(['abc', 'def', 'g']);
  expect(wrapCells('abcdefg', 3, 2)).toEqual(['def', 'g']);
  expect(wrapCells('ab日本', 3, 10)).toEqual(['ab', '日', '本']);
  expect(wrapCells('', 5, 3)).toEqual(['']);
});

test('a 64 KiB line keeps only the rows asked for', () => {
  const rows = wrapCells('x'.repeat(64 * 1024), 80, 40);
  expect(rows).toHaveLength(40);
  expect(rows.at(-1)).toBe('x'.repeat((64 * 1024) % 80));
});

const RED = '\x1b[31m';
const GREEN = '\x1b[32m';
const RESET = '\x1b[0m';

test('a coloured line that wraps keeps its colour on every continuation row', () => {
  expect(wrapCells(`${RED}abcdefg${RESET}`, 3, 10)).toEqual([
    `${RED}abc${RESET}`,
    `${RED}def${RESET}`,
    `${RED}g${RESET}`,
  ]);
  // Only the rows kept are drawn, and the last one still starts in colour.
  expect(wrapCells(`${RED}abcdefg${RESET}`, 3, 1)).toEqual([`${RED}g${RESET}`]);
});

test('colour changes and resets inside a wrapped line are carried exactly', () => {
  const rows = wrapCells(`ab${RED}cd${GREEN}ef${RESET}gh`, 3, 10);
  expect(rows).toEqual([`ab${RED}c${RESET}`, `${RED}d${GREEN}ef${RESET}`, `gh`]);
  // Every row draws alone: what it shows, stripped, is the line cut by cells.
  expect(rows.map(r => r.replace(/\x1b\[[0-9;:]*m/g, ''))).toEqual(['abc', 'def', 'gh']);
});

test('runs of printable ASCII wrap as a character at a time does (random property)', () => {
  // The rows of text without escapes, wrapped a character at a time (each 1 cell, 2 for the wide one).
  const reference = (text: string, width: number): string[] => {
    const rows: string[] = [];
    let row = '';
    let used = 0;
    for (const char of text) {
      const w = cellWidth(char);
      if (used + w > width && row) {
        rows.push(row);
        row = '';
        used = 0;
      }
      row += char;
      used += w;
    }
    return [...rows, row];
  };
  const random = seeded(11);
  const pieces = ['a', 'bc', 'defgh', ' ', '日', 'é', `${RED}`, `${RESET}`];
  for (let n = 0; n < 3000; n++) {
    let text = '';
    for (let k = Math.floor(random() * 14); k > 0; k--) text += pieces[Math.floor(random() * pieces.length)];
    const width = 1 + Math.floor(random() * 7);
    const plain = wrapCells(text, width, Infinity).map(row => row.replace(/\x1b\[[0-9;:]*m/g, ''));
    expect(plain).toEqual(reference(text.replace(/\x1b\[[0-9;:]*m/g, ''), width));
  }
});

test('plain text is unchanged and a line that sets colour without end carries at most a bounded prefix', () => {
  expect(wrapCells('abcdef', 3, 10)).toEqual(['abc', 'def']);
  const noisy = Array.from({length: 1000}, (_, i) => `\x1b[${31 + (i % 7)}mx`).join('');
  const rows = wrapCells(noisy, 10, 200);
  expect(rows).toHaveLength(100);
  for (const row of rows) expect(row.length).toBeLessThan(10 * 6 + 16 * 6 + 8);
});

describe('the fast path of cellWidth', () => {
  test("Latin-1's printable characters and the ellipsis measure as string-width does, alone and joined", () => {
    const codes = [...Array.from({length: 0x60}, (_, i) => 0xa0 + i), 0x2026];
    for (const code of codes) {
      const char = String.fromCharCode(code);
      for (const text of [char, `exited 0 ${char} 2h ago`, `${char}\u0301`])
        expect(cellWidth(text), `U+${code.toString(16)} in ${JSON.stringify(text)}`).toBe(stringWidth(text));
    }
  });
});
