import {changesSince} from '../../util/row-changes.js';
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
  const marked = slice.list.marked.length ? markedLeft(slice.list.marked, slice.items, items, key) : slice.list.marked;
  const list = marked.length === slice.list.marked.length ? slice.list : {...slice.list, marked};
  return {...slice, items, loaded: true, stale: false, error: undefined, list};
}

// The marks whose rows are still there. Nothing marked (the usual case): no set of every key (100,000 of them at
// each refresh of a long list); a list patched by an event (source/util/row-changes.ts): the keys of the rows it
// took out and did not put back.
function markedLeft<Row>(
  marked: readonly string[],
  before: readonly Row[],
  items: readonly Row[],
  key: (row: Row) => string,
): readonly string[] {
  const changes = changesSince(before, items);
  if (!changes) {
    const live = new Set(items.map(key));
    return marked.filter(id => live.has(id));
  }
  const gone = new Set<string>();
  for (const splice of changes.splices)
    if ('added' in splice) gone.delete(key(splice.added));
    else gone.add(key(splice.removed));
  return gone.size ? marked.filter(id => !gone.has(id)) : marked;
}

// A confirmation's targets as the rows they were: its ids, names and engines are parallel lists made from the same
// rows (a name missing would be a bug; the ID then stands for it).
export const confirmedTargets = (confirm: Confirmation): {id: string; name: string; engine?: string}[] =>
  confirm.ids.map((id, i) => ({id, name: confirm.names[i] ?? id, engine: confirm.engines?.[i]}));
