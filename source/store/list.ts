import {compileMatcher, InvalidPatternError, invalidPatternText} from '../text/match.js';

export type ListState = {
  cursor: number;
  // The id under the cursor, so a refreshed list keeps the same row selected.
  selectedId?: string;
  // Whether the user put the cursor where it is (a key, a click). Until then it stays on the first row as rows come:
  // several engines' lists arrive one after another, and whichever row was first on top was no choice.
  chosen?: boolean;
  scrollTop: number;
  filter: string;
  marked: readonly string[];
};

// The keys of a list's rows in order, as the cursor needs them: an array, or keys made only for the rows asked about
// (views/kit/lazy-keys.ts).
export type RowKeys = Pick<readonly string[], 'length' | 'at' | 'indexOf'>;

export const emptyList = (): ListState => ({cursor: 0, scrollTop: 0, filter: '', marked: []});

// A list filter (text/match.ts); `/re:` with a broken expression matches nothing rather than throwing.
export function makeMatcher(filter: string): (text: string) => boolean {
  try {
    return compileMatcher(filter);
  } catch (error) {
    if (error instanceof InvalidPatternError) return () => false;
    throw error;
  }
}

// What is wrong with a list filter, for the status line when it is applied (docs/contract.md, Keys): a `re:`
// expression that does not compile. Undefined when it is fine.
export function filterProblem(filter: string, use: 'filter' | 'search' = 'filter'): string | undefined {
  try {
    compileMatcher(filter);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidPatternError) return invalidPatternText(use, error);
    throw error;
  }
}

export function clampScroll(cursor: number, scrollTop: number, rows: number): number {
  const height = Math.max(1, rows);
  if (cursor < scrollTop) return cursor;
  if (cursor >= scrollTop + height) return cursor - height + 1;
  return Math.max(0, scrollTop);
}

export function moveCursor(list: ListState, ids: RowKeys, to: number, rows: number): ListState {
  const cursor = ids.length === 0 ? 0 : Math.min(Math.max(0, to), ids.length - 1);
  // An empty list (being read again: a registry's tags after a retag, while a closing dialog resizes the view)
  // keeps the row it had selected, to find it again when the rows come back.
  const selectedId = ids.length ? ids.at(cursor) : list.selectedId;
  // Never scrolled further than fills the rows: a list scrolled in a short viewport (a dialog open under it) shows
  // its first rows again when the viewport grows, instead of blank rows below its last.
  const scrollTop = Math.min(clampScroll(cursor, list.scrollTop, rows), Math.max(0, ids.length - Math.max(1, rows)));
  if (cursor === list.cursor && selectedId === list.selectedId && scrollTop === list.scrollTop) return list;
  return {...list, cursor, selectedId, scrollTop};
}

// After the rows change (refresh, filter), keep the same row selected if it is still there.
export function relocate(list: ListState, ids: RowKeys, rows: number): ListState {
  if (!list.chosen) return moveCursor(list, ids, 0, rows);
  // Still where it was (an event changed a row elsewhere): no search through every key.
  const index = !list.selectedId
    ? -1
    : ids.at(list.cursor) === list.selectedId
      ? list.cursor
      : ids.indexOf(list.selectedId);
  return moveCursor(list, ids, index >= 0 ? index : list.cursor, rows);
}

export function toggleMark(list: ListState, id: string | undefined): ListState {
  if (!id) return list;
  const marked = list.marked.includes(id) ? list.marked.filter(m => m !== id) : [...list.marked, id];
  return {...list, marked};
}

// A list a view loads from the engine: the rows, whether the first answer came, whether events have made it
// stale, the last error, and the cursor/filter/marks.
export type EngineList<T> = {items: readonly T[]; loaded: boolean; stale: boolean; error?: string; list: ListState};

export const emptyEngineList = <T>(): EngineList<T> => ({items: [], loaded: false, stale: false, list: emptyList()});
