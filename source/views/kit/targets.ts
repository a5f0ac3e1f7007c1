import type {ListState} from '../../store/list.js';

// What an action on "the rows" touches: the marked rows (all of them, the filter aside), else the selected one.
export function targetRows<Row>(
  rows: readonly Row[],
  list: ListState,
  key: (row: Row) => string,
  selected: Row | undefined,
): Row[] {
  if (list.marked.length) {
    const marked = new Set(list.marked);
    return rows.filter(row => marked.has(key(row)));
  }
  return selected ? [selected] : [];
}
