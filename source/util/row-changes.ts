import {itemAt} from './item-at.js';

// How a long list was made from the one before it, one row at a time, so what is derived from it (the filtered and
// sorted rows, the cursor's keys, the column widths, the marks) follows those rows alone instead of going over the
// whole list again: at 100,000 containers an event changes a row or two. A list made some other way (a whole new
// answer, several engines merged) carries no changes, and what derives from it is made again from the start.

// One step, in order: `removed` left the list from `index`, or `added` went in at `index` (as Array.splice).
export type Splice<Row> = {index: number; removed: Row} | {index: number; added: Row};

export type RowChanges<Row> = {
  from: readonly Row[];
  splices: readonly Splice<Row>[];
  // The order the list is kept in (both lists): where a row is, or goes, is found by a binary search.
  order: (a: Row, b: Row) => number;
};

// Keyed by the list made (never app state): the entry goes with the list. The list it was made from is held
// weakly: whoever follows the changes holds it, and a list must not keep every list before it.
const made = new WeakMap<readonly unknown[], {from: WeakRef<readonly unknown[]>; splices: unknown; order: unknown}>();

// The changes that made `to` from `from`, if it was made from it that way.
export function changesSince<Row>(from: readonly Row[] | undefined, to: readonly Row[]): RowChanges<Row> | undefined {
  const changes = made.get(to);
  if (!from || changes?.from.deref() !== from) return undefined;
  return {from, splices: changes.splices, order: changes.order} as RowChanges<Row>;
}

// A copy of `rows` (kept in `order`) changed a row at a time; `done` gives the new list with its changes recorded.
export function splicer<Row>(from: readonly Row[], order: (a: Row, b: Row) => number) {
  const rows = from.slice();
  const splices: Splice<Row>[] = [];
  return {
    rows: rows as readonly Row[],
    // Takes `row` out where it is; false when it is not in the list.
    remove(row: Row): boolean {
      const index = indexOfRow(rows, row, order);
      if (index < 0) return false;
      rows.splice(index, 1);
      splices.push({index, removed: row});
      return true;
    },
    // Puts `row` after the rows it does not sort before, as a stable sort would.
    insert(row: Row): void {
      const index = insertionPoint(rows, row, order);
      rows.splice(index, 0, row);
      splices.push({index, added: row});
    },
    done(): Row[] {
      made.set(rows, {from: new WeakRef(from), splices, order});
      return rows;
    },
  };
}

// A list of some of the rows (those `keep` keeps), in the same order, brought up to date with the changes of the
// list it was taken from; the new one carries its own changes.
export function keepChanges<Row>(kept: readonly Row[], changes: RowChanges<Row>, keep: (row: Row) => boolean): Row[] {
  return reorderChanges(kept, changes, changes.order, keep);
}

// The same rows kept in another order (`order`: a sort by a column, ties in the list's order), brought up to date
// with the changes of the list they were sorted from.
export function reorderChanges<Row>(
  sorted: readonly Row[],
  changes: RowChanges<Row>,
  order: (a: Row, b: Row) => number,
  keep: (row: Row) => boolean = () => true,
): Row[] {
  const next = splicer(sorted, order);
  for (const splice of changes.splices)
    if (!('added' in splice)) next.remove(splice.removed);
    else if (keep(splice.added)) next.insert(splice.added);
  return next.done();
}

// The first place whose row sorts after `row`.
export function insertionPoint<Row>(rows: readonly Row[], row: Row, order: (a: Row, b: Row) => number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(itemAt(rows, middle), row) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

// The rows that sort as `row` does (a row or a stand-in with the fields the order reads), in the list's order.
export function* rowsSortingAs<Row, Probe>(
  rows: readonly Row[],
  row: Probe,
  order: (a: Row | Probe, b: Row | Probe) => number,
): Generator<{row: Row; index: number}> {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(itemAt(rows, middle), row) < 0) low = middle + 1;
    else high = middle;
  }
  for (let index = low; index < rows.length && order(itemAt(rows, index), row) === 0; index++)
    yield {row: itemAt(rows, index), index};
}

// Where `row` (this object) is; -1 when it is not in the list.
function indexOfRow<Row>(rows: readonly Row[], row: Row, order: (a: Row, b: Row) => number): number {
  for (const found of rowsSortingAs(rows, row, order)) if (found.row === row) return found.index;
  return -1;
}
