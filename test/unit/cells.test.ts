import {expect, test} from 'vitest';
import {wrapCells} from '../../source/text/cells.js';

test('wraps by cells, keeping the last rows, never splitting a wide character', () => {
  expect(wrapCells('abcdefg', 3, 10)).toEqual(['abc', 'def', 'g']);
  expect(wrapCells('abcdefg', 3, 2)).toEqual(['def', 'g']);
  expect(wrapCells('ab日本', 3, 10)).toEqual(['ab', '日', '本']);
  expect(wrapCells('', 5, 3)).toEqual(['']);
});

test('a 64 KiB line keeps only the rows asked for', () => {
  const rows = wrapCells('x'.repeat(64 * 1024), 80, 40);
  expect(rows).toHaveLength(40);
  expect(rows.at(-1)).toBe('x'.repeat((64 * 1024) % 80 || 80));
});
