// A sort by a text column (views/kit/sort.ts) orders rows as compareNatural does, ties in the list's order: the
// natural keys made once per row give the same order as the comparison on every pair.
import {expect, test} from 'vitest';
import {compareNatural} from '../../../../source/text/compare.js';
import {sorter} from '../../../../source/views/kit/sort.js';
import type {Column} from '../../../../source/views/kit/columns.js';
import {seeded} from '../../../helpers/seeded.js';

type Row = {n: number; text: string};
const column: Column<Row> = {id: 'text', title: 'TEXT', cell: row => row.text};

test('random texts sort as compareNatural sorts them, both ways, ties as listed', () => {
  const random = seeded(5);
  const parts = ['web', 'Web', 'WEB', '-', '2', '02', '10', '007', 'é', 'É', 'z', '.', ' ', 'ß', '9'];
  for (let n = 0; n < 200; n++) {
    const rows: Row[] = Array.from({length: 1 + Math.floor(random() * 30)}, (_, i) => ({
      n: i,
      text: Array.from({length: Math.floor(random() * 4)}, () => parts[Math.floor(random() * parts.length)]).join(''),
    }));
    for (const descending of [false, true]) {
      const sorted = sorter<Row, undefined>()(rows, [column], {column: 'text', descending}, undefined);
      const expected = [...rows].sort((a, b) => (descending ? -1 : 1) * compareNatural(a.text, b.text) || a.n - b.n);
      expect(sorted.map(row => row.n)).toEqual(expected.map(row => row.n));
    }
  }
});
