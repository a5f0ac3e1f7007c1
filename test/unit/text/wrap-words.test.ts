import {describe, expect, test} from 'vitest';
import {wrapWords} from '../../../source/text/wrap-words.js';
import {cellWidth} from '../../../source/text/cells.js';
import {at} from '../../helpers/found.js';

describe('wrapWords', () => {
  test('wraps at spaces, never past the width, and keeps every word when there is room', () => {
    const text = 'docker context "nosuch": not found in /root/.docker/contexts/meta; known contexts: none';
    const rows = wrapWords(text, 30);
    for (const row of rows) expect(cellWidth(row)).toBeLessThanOrEqual(30);
    expect(rows.join(' ')).toBe(text);
    expect(rows.join('')).not.toContain('…');
  });

  test('cuts a word longer than a row across rows, and wide characters by their cells', () => {
    expect(wrapWords('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    for (const row of wrapWords('日本語のテキストです', 5)) expect(cellWidth(row)).toBeLessThanOrEqual(5);
  });

  test('past the rows it may take, the last one ends with …', () => {
    const rows = wrapWords('one two three four five six seven eight', 9, 2);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.endsWith('…')).toBe(true);
    expect(cellWidth(at(rows, 1))).toBeLessThanOrEqual(9);
    expect(wrapWords('one two', 9, 1)).toEqual(['one two']);
  });
});
