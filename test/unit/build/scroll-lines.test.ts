import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
// Added to Ink's build by patches/ink+6.8.0.patch and called by its incremental writer (log-update.js); what the
// writer then writes is tested in ink-log-update-patch.test.ts.
import {scrollLines} from '../../../node_modules/ink/build/scroll-lines.js';
import {params} from '../../helpers/property.js';

// A screen that understands what scrollLines writes: cursor up/down (CUU/CUD, stopping at the edges), delete and
// insert lines (DL/IL, down to the screen's bottom, blank rows brought in).
function apply(screen: string[], escape: string): {screen: string[]; row: number} {
  const rows = [...screen];
  let row = 0;

  for (const [, count, op] of escape.matchAll(/\x1b\[(\d*)([ABLM])/g)) {
    const n = Number(count || 1);
    if (op === 'A') row = Math.max(0, row - n);
    else if (op === 'B') row = Math.min(rows.length - 1, row + n);
    else if (op === 'M') {
      rows.splice(row, n);
      rows.push(...Array<string>(n).fill(''));
    } else {
      rows.splice(row, 0, ...Array<string>(n).fill(''));
      rows.length = screen.length;
    }
  }

  expect(escape.replace(/\x1b\[\d*[ABLM]/g, '')).toBe('');
  return {screen: rows, row};
}

const list = (from: number, to: number, selected?: number) =>
  Array.from({length: to - from + 1}, (_, i) => `${from + i === selected ? '›' : ' '} row ${from + i}`);

describe('scrollLines', () => {
  test('one row past the bottom of a list: the rows move, only the two new ones are left to write', () => {
    const previous = ['header', 'columns', ...list(1, 20, 20), '', 'footer'];
    const next = ['header', 'columns', ...list(2, 21, 21), '', 'footer'];
    const scroll = scrollLines(previous, next, next.length)!;
    expect(scroll).toBeDefined();
    const after = apply([...previous, 'below the frame'], scroll.escape);
    expect(after.row).toBe(0);
    expect(after.screen).toEqual([...scroll.previous, 'below the frame']);
    const rewritten = next.filter((line, i) => line !== scroll.previous[i]);
    expect(rewritten).toEqual(['  row 20', '› row 21']);
    expect(scroll.escape.length).toBeLessThan(30);
  });

  test('one row above the top: the same the other way', () => {
    const previous = ['header', ...list(5, 24, 5), 'footer'];
    const next = ['header', ...list(4, 23, 4), 'footer'];
    const scroll = scrollLines(previous, next, next.length)!;
    const after = apply([...previous, 'below'], scroll.escape);
    expect(after.row).toBe(0);
    expect(after.screen).toEqual([...scroll.previous, 'below']);
    expect(next.filter((line, i) => line !== scroll.previous[i])).toEqual(['› row 4', '  row 5']);
  });

  test('nothing to gain: no scroll', () => {
    expect(scrollLines(['a', 'b', 'c', 'd', 'e'], ['a', 'x', 'c', 'd', 'e'], 5)).toBeUndefined();
    expect(scrollLines(['', '', '', '', ''], ['', '', '', '', ''], 5)).toBeUndefined();
  });

  test('property: after the escapes the screen shows exactly what the comparison is told, and never more is rewritten', () => {
    fc.assert(
      fc.property(
        fc.integer({min: 4, max: 40}),
        fc.integer({min: -8, max: 8}),
        fc.integer({min: 0, max: 5}),
        fc.integer({min: 0, max: 5}),
        fc.array(fc.nat(39), {maxLength: 4}),
        (height, shift, headerRows, footerRows, edits) => {
          const header = Array.from({length: headerRows}, (_, i) => `head ${i}`);
          const footer = Array.from({length: footerRows}, (_, i) => `foot ${i}`);
          const previous = [...header, ...list(100, 100 + height - 1), ...footer];
          const next = [...header, ...list(100 + shift, 100 + shift + height - 1), ...footer];
          for (const edit of edits) if (edit < next.length) next[edit] = `edited ${edit}`;
          const scroll = scrollLines(previous, next, next.length);
          if (!scroll) return;
          const after = apply([...previous, 'below'], scroll.escape);
          expect(after.row).toBe(0);
          expect(after.screen).toEqual([...scroll.previous, 'below']);
          const before = next.filter((line, i) => line !== previous[i]).length;
          const now = next.filter((line, i) => line !== scroll.previous[i]).length;
          expect(now).toBeLessThan(before);
        },
      ),
      params(500),
    );
  });
});
