import type {Action} from '../store/actions.js';
import {moveCursor, relocate, toggleMark, type ListState, type RowKeys} from '../store/list.js';
import type {AppState} from '../store/state.js';
import type {FocusedList} from './types.js';

// Movement, marks and the filter, for whichever list a view says has the focus.

export function updateList(
  state: AppState,
  focused: FocusedList | undefined,
  update: (list: ListState, ids: RowKeys) => ListState,
): AppState {
  if (!focused) return state;
  return focused.put(state, update(focused.list, focused.ids));
}

function moveBy(
  state: AppState,
  focused: FocusedList | undefined,
  to: (cursor: number, count: number, page: number) => number,
): AppState {
  return updateList(state, focused, (list, ids) =>
    // Marked as chosen once: a key that moves nothing (↑ on the first row) leaves the state as it was.
    moveCursor(
      list.chosen ? list : {...list, chosen: true},
      ids,
      to(list.cursor, ids.length, state.viewportRows),
      state.viewportRows,
    ),
  );
}

// Sets the filter and keeps the selected row if it still matches. `listOf` reads the list again from the
// filtered state (its ids change with the filter).
export function withFilter(
  state: AppState,
  listOf: (state: AppState) => FocusedList | undefined,
  filter: string,
): AppState {
  const focused = listOf(state);
  if (!focused) return state;
  const next = focused.put(state, {...focused.list, filter, cursor: 0, scrollTop: 0});
  return updateList(next, listOf(next), (list, ids) => relocate(list, ids, state.viewportRows));
}

// After the rows changed (refresh, toggles): the same row stays selected where it still is.
export function relocateList(state: AppState, focused: FocusedList | undefined): AppState {
  return updateList(state, focused, (list, ids) => relocate(list, ids, state.viewportRows));
}

export function reduceFocusedList(
  state: AppState,
  action: Action,
  listOf: (state: AppState) => FocusedList | undefined,
): AppState {
  switch (action.type) {
    case 'cursor.up':
      return moveBy(state, listOf(state), cursor => cursor - 1);
    case 'cursor.down':
      return moveBy(state, listOf(state), cursor => cursor + 1);
    case 'cursor.pageUp':
      return moveBy(state, listOf(state), (cursor, _count, page) => cursor - Math.max(1, page - 1));
    case 'cursor.pageDown':
      return moveBy(state, listOf(state), (cursor, _count, page) => cursor + Math.max(1, page - 1));
    case 'cursor.home':
      return moveBy(state, listOf(state), () => 0);
    case 'cursor.end':
      return moveBy(state, listOf(state), (_cursor, count) => count - 1);
    case 'mouse.select':
      return moveBy(state, listOf(state), () => action.index);
    case 'list.mark': {
      const focused = listOf(state);
      if (!focused) return state;
      const marked = focused.put(state, toggleMark(focused.list, focused.ids.at(focused.list.cursor)));
      return moveBy(marked, listOf(marked), cursor => cursor + 1);
    }
    case 'overlay.close': {
      // esc with nothing open clears the filter, then the marks.
      const focused = listOf(state);
      if (!focused || state.overlay) return state;
      if (focused.list.filter) return withFilter(state, listOf, '');
      if (focused.list.marked.length) return focused.put(state, {...focused.list, marked: []});
      return state;
    }
  }
  return state;
}
