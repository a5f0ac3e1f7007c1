import type {ListState} from '../../store/list.js';
import type {Confirmation} from '../../store/state.js';

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

// A list's slice once the engine answered: the new rows, loaded, not stale, no error, and only the marks whose
// rows are still there.
export function withLoadedRows<Row, Slice extends {items: readonly Row[]; list: ListState}>(
  slice: Slice,
  items: readonly Row[],
  key: (row: Row) => string,
): Slice & {loaded: true; stale: false; error: undefined} {
  // Nothing marked (the usual case): no set of every key (100,000 of them at each refresh of a long list).
  const live = slice.list.marked.length ? new Set(items.map(key)) : undefined;
  const marked = live ? slice.list.marked.filter(id => live.has(id)) : slice.list.marked;
  const list = marked.length === slice.list.marked.length ? slice.list : {...slice.list, marked};
  return {...slice, items, loaded: true, stale: false, error: undefined, list};
}

// A confirmation's targets as the rows they were: its ids, names and engines are parallel lists made from the same
// rows (a name missing would be a bug; the ID then stands for it).
export const confirmedTargets = (confirm: Confirmation): {id: string; name: string; engine?: string}[] =>
  confirm.ids.map((id, i) => ({id, name: confirm.names[i] ?? id, engine: confirm.engines?.[i]}));
