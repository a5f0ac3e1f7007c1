import {sanitizeLine} from '../../text/sanitize.js';
import {compareNatural, compareText, naturalKey} from '../../text/compare.js';
import {changesSince, reorderChanges} from '../../util/row-changes.js';
import type {Column} from './columns.js';

// A list sorted by one of its columns (o), one way or the other (O); remembered per list across runs.
export type SortChoice = {column: string; descending: boolean};

type Key = number | string | undefined;
const compareKeys = (a: Key, b: Key): number => {
  // Rows without a value (no stats sample yet, a size not known) go last whichever the direction.
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Texts by their words, numbers inside them by value (web-2 before web-10, 1.9 before 1.10), case aside: the
  // order of the lists' default name order too.
  return compareNatural(String(a), String(b));
};

// The rows in the order a sort choice asks for; the rows as they came when there is none, or its column is gone.
// Stable: rows equal by the column keep their order (running first, as the engine listed them).
function sortRows<Row, Ctx>(
  rows: readonly Row[],
  column: Column<Row, Ctx>,
  descending: boolean,
  context: Ctx,
): readonly Row[] {
  const keyOf = keyFor(column, context);
  // A text's natural key (text/compare.ts) made once per row, as the container list's own sort does: compareNatural
  // on every pair was most of a sort by image at 100,000 rows.
  const keyed = rows.map((row, index) => {
    const key = keyOf(row);
    return {row, index, key, natural: typeof key === 'string' ? naturalKey(key) : undefined};
  });
  const sign = descending ? -1 : 1;
  const compare = (a: (typeof keyed)[number], b: (typeof keyed)[number]): number => {
    if (a.natural === undefined || b.natural === undefined) return compareKeys(a.key, b.key);
    if (a.natural !== b.natural) return a.natural < b.natural ? -1 : 1;
    return compareText(a.key as string, b.key as string);
  };
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) return compare(a, b) || a.index - b.index;
    return sign * compare(a, b) || a.index - b.index;
  });
  return keyed.map(entry => entry.row);
}

const keyFor =
  <Row, Ctx>(column: Column<Row, Ctx>, context: Ctx) =>
  (row: Row): Key =>
    column.sort ? column.sort(row, context) : sanitizeLine(column.cell(row));

// The same order as a comparison, ties in the order of the list sorted (`order`): where a row patched into that list
// (source/util/row-changes.ts) goes in the sorted one.
function sortOrder<Row, Ctx>(
  column: Column<Row, Ctx>,
  descending: boolean,
  context: Ctx,
  order: (a: Row, b: Row) => number,
): (a: Row, b: Row) => number {
  const keyOf = keyFor(column, context);
  const sign = descending ? -1 : 1;
  return (a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    if (x === undefined || y === undefined) return compareKeys(x, y) || order(a, b);
    return sign * compareKeys(x, y) || order(a, b);
  };
}

// One memo per list (of the last answer, as store/memo.ts memoLast): the same rows, columns, choice and context
// are the same array; rows patched by an event move only those rows in the sorted list.
export function sorter<Row, Ctx>() {
  let last:
    | {rows: readonly Row[]; column: Column<Row, Ctx>; descending: boolean; context: Ctx; sorted: readonly Row[]}
    | undefined;
  return (
    rows: readonly Row[],
    columns: readonly Column<Row, Ctx>[],
    choice: SortChoice | undefined,
    context: Ctx,
  ): readonly Row[] => {
    const column = choice && columns.find(c => c.id === choice.column);
    if (!choice || !column) return rows;
    const {descending} = choice;
    const same = last?.column === column && last.descending === descending && last.context === context;
    if (same && last?.rows === rows) return last.sorted;
    const changes = same ? changesSince(last?.rows, rows) : undefined;
    const sorted =
      changes && last
        ? reorderChanges(last.sorted, changes, sortOrder(column, descending, context, changes.order))
        : sortRows(rows, column, descending, context);
    last = {rows, column, descending, context, sorted};
    return sorted;
  };
}
