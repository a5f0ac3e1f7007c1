import type {ListState} from './state.js';

// `/re:` switches the filter to a regular expression; a broken one matches nothing rather than throwing.
export function makeMatcher(filter: string): (text: string) => boolean {
  if (!filter) return () => true;
  if (filter.startsWith('re:')) {
    try {
      const re = new RegExp(filter.slice(3), 'i');
      return text => re.test(text);
    } catch {
      return () => false;
    }
  }
  const needle = filter.toLowerCase();
  return text => text.toLowerCase().includes(needle);
}

export function clampScroll(cursor: number, scrollTop: number, rows: number): number {
  const height = Math.max(1, rows);
  if (cursor < scrollTop) return cursor;
  if (cursor >= scrollTop + height) return cursor - height + 1;
  return Math.max(0, scrollTop);
}

export function moveCursor(list: ListState, ids: readonly string[], to: number, rows: number): ListState {
  const cursor = ids.length === 0 ? 0 : Math.min(Math.max(0, to), ids.length - 1);
  const selectedId = ids[cursor];
  const scrollTop = clampScroll(cursor, list.scrollTop, rows);
  if (cursor === list.cursor && selectedId === list.selectedId && scrollTop === list.scrollTop) return list;
  return {...list, cursor, selectedId, scrollTop};
}

// After the rows change (refresh, filter), keep the same row selected if it is still there.
export function relocate(list: ListState, ids: readonly string[], rows: number): ListState {
  const index = list.selectedId ? ids.indexOf(list.selectedId) : -1;
  return moveCursor(list, ids, index >= 0 ? index : list.cursor, rows);
}

export function toggleMark(list: ListState, id: string | undefined): ListState {
  if (!id) return list;
  const marked = list.marked.includes(id) ? list.marked.filter(m => m !== id) : [...list.marked, id];
  return {...list, marked};
}
