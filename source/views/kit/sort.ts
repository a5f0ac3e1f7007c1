import {memoLast} from '../../store/memo.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Column} from './columns.js';

// A list sorted by one of its columns (o), one way or the other (O); remembered per list across runs.
export type SortChoice = {column: string; descending: boolean};

// Texts by their words, numbers inside them by value (web-2 before web-10, 1.9 before 1.10), case aside.
const natural = new Intl.Collator('en', {numeric: true, sensitivity: 'base'});

type Key = number | string | undefined;
const compareKeys = (a: Key, b: Key): number => {
  // Rows without a value (no stats sample yet, a size not known) go last whichever the direction.
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return natural.compare(String(a), String(b));
};

// The rows in the order a sort choice asks for; the rows as they came when there is none, or its column is gone.
// Stable: rows equal by the column keep their order (running first, as the engine listed them).
function sortRows<Row, Ctx>(
  rows: readonly Row[],
  columns: readonly Column<Row, Ctx>[],
  choice: SortChoice | undefined,
  context: Ctx,
): readonly Row[] {
  const column = choice && columns.find(c => c.id === choice.column);
  if (!choice || !column) return rows;
  const keyOf = (row: Row): Key => (column.sort ? column.sort(row, context) : sanitizeLine(column.cell(row)));
  const keyed = rows.map((row, index) => ({row, index, key: keyOf(row)}));
  const sign = choice.descending ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) return compareKeys(a.key, b.key) || a.index - b.index;
    return sign * compareKeys(a.key, b.key) || a.index - b.index;
  });
  return keyed.map(entry => entry.row);
}

// One memo per list: sortRows of the same rows, columns, choice and context is the same array.
export const sorter = <Row, Ctx>() => memoLast(sortRows<Row, Ctx>);
